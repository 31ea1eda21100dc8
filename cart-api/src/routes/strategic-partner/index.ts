import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, SIGNED_IN } from '../../lib/contract.js';
import { partnerRules } from '../../domain/partners/rules.js';
import { ExcludedStates } from '../../contract/strategic-partner.js';
import { StrategicPartner } from '../../contract/strategic-partner-partner.js';
import { partnerFormSettings } from '../../domain/partners/settings.js';
import partnerClientRoutes from './clients.js';
import partnerReportRoutes from './report.js';
import partnerRecordRoutes from './partner-routes.js';
import partnerRuleRoutes from './rule-routes.js';
import { listPartners } from '../../domain/partners/partner-queries.js';
import { PARTNERS_MESSAGES } from '../../domain/partners/messages.js';

const PartnerIdParams = Type.Object({ id: Uuid() }, { additionalProperties: false });
const ProductQuery = Type.Object(
  { productId: Type.Optional(Uuid({ description: 'the product the document is for' })) },
  { additionalProperties: false },
);

/** The strategic partners (specs/3-admin.md §7; the back office's own routes come with its issue). */
const strategicPartner: FastifyPluginAsyncTypebox = async (app) => {
  // A partner's clients and its monthly report (clients.ts, report.ts).
  await app.register(partnerClientRoutes);
  await app.register(partnerReportRoutes);
  // The back office's partner records and labels, and its rules (partner-routes.ts, rule-routes.ts).
  await app.register(partnerRecordRoutes);
  await app.register(partnerRuleRoutes);
  // GET strategic-partner: the partners, by name (feeds the 'New POP Document' dropdown).
  app.get(
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The strategic partners, by name (the partner list; the dropdown reads companyId and name)',
        response: { 200: Type.Array(StrategicPartner) },
      },
    },
    async () => listPartners(app.db),
  );

  // The order form at /document/new/{strategicPartnerId} filters its states by this (2-documents §5).
  app.get(
    '/:id/rule/excluded-states',
    {
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary: "The states a partner's exclude-states rule takes out of the order form, for a product",
        params: PartnerIdParams,
        querystring: ProductQuery,
        response: { 200: ExcludedStates },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await partnerFormSettings(app.db, id))) throw notFound(PARTNERS_MESSAGES.notFound);
      const { excludedStates } = await partnerRules(app.db, id, request.query.productId ?? null);
      return { excludeAny: excludedStates.length > 0, statesToExclude: excludedStates };
    },
  );
};

export default strategicPartner;
