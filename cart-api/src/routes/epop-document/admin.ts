import { notFound, Nullable, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { CustomIdentifier, NoPayOption } from '../../contract/strategic-partner-settings.js';
import { partnerFormSettings } from '../../domain/partners/settings.js';
import { logDocumentChange } from '../../domain/clients/change-log.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';
import { storedDocument } from '../../domain/documents/queries.js';

export const ADMIN_MESSAGES = {
  partnerNotFound: 'Strategic partner not found',
} as const;

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const PartnerParams = Type.Object({ documentId: Uuid(), partnerId: Uuid() }, { additionalProperties: false });
const NoteBody = Type.Object(
  { notes: Type.String({ maxLength: 10_000, description: "compliance's note; '' clears it" }) },
  { additionalProperties: false },
);

/**
 * What the admin document page loads when compliance chooses a partner (specs/2-documents.md §4
 * "Admin partner change"): the account id fields with the partner's labels and the Colonial block,
 * filled from the document when it is already that partner's, else from its client's account there.
 */
export const DocumentPartnerSettings = Type.Object({
  strategicPartnerId: Uuid(),
  name: Type.String(),
  accountId: Type.String(),
  accountIdSuffix: Type.String(),
  customIdentifiers: Type.Object({
    'account-id': Type.Optional(CustomIdentifier),
    'account-id-suffix': Type.Optional(CustomIdentifier),
  }),
  colonial: Nullable(
    Type.Object({
      agentId: Type.String(),
      groupId: Type.String(),
      noPayOptions: Type.Array(NoPayOption),
      defaultNoPay: Type.String(),
    }),
  ),
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The admin document page's calls (specs/2-documents.md §2 "Admin document page", §7). */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:documentId/note',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'note', param: 'documentId' },
      },
      schema: {
        summary: "Save compliance's note on a document",
        params: DocumentParams,
        body: NoteBody,
        response: { 200: Type.Object({ documentId: Uuid(), notes: Type.String() }) },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const notes = request.body.notes.trim();
      await app.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('epop_document')
          .select('notes')
          .where('document_id', '=', documentId)
          .executeTakeFirst();
        if (!before) throw notFound(DOCUMENT_NOT_FOUND);
        if ((before.notes ?? '') === notes) return;
        await trx
          .updateTable('epop_document')
          .set({ notes: notes === '' ? null : notes })
          .where('document_id', '=', documentId)
          .execute();
        await logDocumentChange(trx, {
          documentId,
          caller: request.caller!,
          describe: (document) => `Note on ${document} ${notes === '' ? 'cleared' : 'updated'}`,
        });
      });
      return { documentId, notes };
    },
  );

  app.get(
    '/:documentId/partner/:partnerId',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'read', param: 'documentId' },
      },
      schema: {
        summary: "A partner's settings for a document: its account id fields, labels and Colonial block",
        params: PartnerParams,
        response: { 200: DocumentPartnerSettings },
      },
    },
    async (request) => {
      const { documentId, partnerId } = request.params;
      const [stored, partner] = await Promise.all([
        storedDocument(app.db, documentId),
        partnerFormSettings(app.db, partnerId),
      ]);
      if (!stored) throw notFound(DOCUMENT_NOT_FOUND);
      if (!partner) throw notFound(ADMIN_MESSAGES.partnerNotFound);
      const client = await app.db
        .selectFrom('epop_document as d')
        .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
        .select(['c.strategic_partner_id', 'c.strategic_partner_account_id'])
        .where('d.document_id', '=', documentId)
        .executeTakeFirstOrThrow();
      const documentIsPartners = stored.strategicPartnerId === partnerId;
      const form = documentIsPartners ? stored.form : {};
      const clientAccount =
        client.strategic_partner_id === partnerId ? (client.strategic_partner_account_id ?? '') : '';
      return {
        strategicPartnerId: partner.strategicPartnerId,
        name: partner.name,
        accountId: text(form.accountId) || clientAccount,
        accountIdSuffix: text(form.accountIdSuffix),
        customIdentifiers: partner.customIdentifiers,
        colonial: partner.colonial && {
          agentId: text(form.agentNumber),
          groupId: text(form.groupId),
          noPayOptions: partner.colonial.noPayOptions,
          defaultNoPay: partner.colonial.defaultNoPay,
        },
      };
    },
  );
};

export default admin;
