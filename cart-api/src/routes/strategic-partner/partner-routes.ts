import {
  badRequest,
  notFound,
  Type,
  validOrFail,
  ValidationFailure,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { validateInput } from 'shared-domain';
import { companyDetailSchema } from 'shared-domain/forms';
import { COMPLIANCE } from '../../lib/contract.js';
import {
  blankPartner,
  deletePartner,
  insertPartner,
  partnerById,
  partnerLabels,
  partnerUsage,
  savePartnerLabels,
  updatePartner,
} from '../../domain/partners/partner-queries.js';
import {
  NewStrategicPartner,
  PartnerDeleted,
  PartnerIdParams,
  PartnerLabel,
  PartnerLabels,
  StrategicPartner,
  StrategicPartnerBody,
} from '../../contract/strategic-partner-partner.js';
import { CUSTOM_IDENTIFIER_FIELDS } from '../../domain/partners/settings.js';
import { PARTNERS_MESSAGES } from '../../domain/partners/messages.js';

const ADMIN = { access: COMPLIANCE, ownership: 'none' } as const;

/**
 * The back office's strategic partner records and labels (specs/3-admin.md §2, §3, §7): a partner
 * is a `company` row of kind 'strategic-partner'.
 */
const partnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The body's detail and custom URL, checked by the rules the page runs too (§5 masks, the 51 states). */
  async function checkedPartner(body: StrategicPartnerBody) {
    const detail = validOrFail(await validateInput(companyDetailSchema, body.companyDetail));
    const customUrl = body.customUrl.trim();
    if (/\s/.test(customUrl)) throw new ValidationFailure([PARTNERS_MESSAGES.customUrl]);
    return { detail, customUrl };
  }

  async function existing(companyId: string) {
    const partner = await partnerById(app.db, companyId);
    if (!partner) throw notFound(PARTNERS_MESSAGES.notFound);
    return partner;
  }

  app.get(
    '/new',
    {
      config: ADMIN,
      schema: {
        summary: 'A blank strategic partner (the new-partner page)',
        response: { 200: NewStrategicPartner },
      },
    },
    async () => blankPartner(),
  );

  app.get(
    '/:id',
    {
      config: ADMIN,
      schema: {
        summary: 'One strategic partner',
        params: PartnerIdParams,
        response: { 200: StrategicPartner },
      },
    },
    async (request) => existing(request.params.id),
  );

  app.post(
    '',
    {
      config: ADMIN,
      schema: {
        summary: 'Create a strategic partner (its referral id is given here)',
        body: StrategicPartnerBody,
        response: { 200: StrategicPartner },
      },
    },
    async (request) => {
      const { detail, customUrl } = await checkedPartner(request.body);
      const companyId = await insertPartner(app.db, detail, customUrl);
      return existing(companyId);
    },
  );

  app.post(
    '/:id',
    {
      config: ADMIN,
      schema: {
        summary: "Update a strategic partner's company detail and custom URL",
        params: PartnerIdParams,
        body: StrategicPartnerBody,
        response: { 200: StrategicPartner },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyId } = request.body;
      if (companyId !== undefined && companyId !== null && companyId !== id) {
        throw new ValidationFailure([PARTNERS_MESSAGES.otherPartner]);
      }
      await existing(id);
      const { detail, customUrl } = await checkedPartner(request.body);
      await updatePartner(app.db, id, detail, customUrl);
      return existing(id);
    },
  );

  app.delete(
    '/:id',
    {
      config: ADMIN,
      schema: {
        summary: 'Delete a strategic partner that has no clients, documents or cart items (400 otherwise)',
        params: PartnerIdParams,
        response: { 200: PartnerDeleted },
      },
    },
    async (request) => {
      const { id } = request.params;
      const partner = await existing(id);
      const usage = await partnerUsage(app.db, id);
      if (usage.clients + usage.documents + usage.cartItems > 0) {
        throw badRequest(PARTNERS_MESSAGES.inUse(partner.name, usage));
      }
      await deletePartner(app.db, id);
      return { companyId: id, deleted: true as const };
    },
  );

  app.get(
    '/:id/label',
    {
      config: ADMIN,
      schema: {
        summary: "The partner's labels of the order-form fields (every field it may label)",
        params: PartnerIdParams,
        response: { 200: Type.Array(PartnerLabel) },
      },
    },
    async (request) => {
      await existing(request.params.id);
      return partnerLabels(app.db, request.params.id);
    },
  );

  app.post(
    '/:id/label',
    {
      config: ADMIN,
      schema: {
        summary: "Replace the partner's labels (fields left out go back to unlabelled, not shown)",
        params: PartnerIdParams,
        body: PartnerLabels,
        response: { 200: Type.Array(PartnerLabel) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const label of request.body) {
        if (!(CUSTOM_IDENTIFIER_FIELDS as readonly string[]).includes(label.internalName)) {
          problems.push(PARTNERS_MESSAGES.unknownField(label.internalName, CUSTOM_IDENTIFIER_FIELDS));
        } else if (seen.has(label.internalName))
          problems.push(PARTNERS_MESSAGES.duplicateField(label.internalName));
        else if (label.visible && label.label.trim() === '') {
          problems.push(PARTNERS_MESSAGES.labelRequired(label.internalName));
        }
        seen.add(label.internalName);
      }
      if (problems.length > 0) throw new ValidationFailure(problems);
      await savePartnerLabels(app.db, id, request.body);
      return partnerLabels(app.db, id);
    },
  );
};

export default partnerRoutes;
