import type { Kysely } from 'kysely';
import { notFound, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { DocumentPartnerSettings } from '../../contract/epop-document.js';
import { logDocumentChange } from '../clients/change-log.js';
import { partnerFormSettings } from '../partners/settings.js';
import { PARTNERS_MESSAGES } from '../partners/messages.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { storedDocument } from './queries.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Saves compliance's note on a document (specs/2-documents.md §2 "Admin document page"), trimmed; ''
 * clears it. A note that changes writes the client's change log; the same note again writes nothing.
 */
export async function saveDocumentNote(
  db: Kysely<Database>,
  caller: Caller,
  documentId: string,
  note: string,
): Promise<{ documentId: string; notes: string }> {
  const notes = note.trim();
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('epop_document')
      .select('notes')
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    if (!before) throw notFound(DOCUMENTS_MESSAGES.notFound);
    if ((before.notes ?? '') === notes) return;
    await trx
      .updateTable('epop_document')
      .set({ notes: notes === '' ? null : notes })
      .where('document_id', '=', documentId)
      .execute();
    await logDocumentChange(trx, {
      documentId,
      caller,
      describe: (document) => `Note on ${document} ${notes === '' ? 'cleared' : 'updated'}`,
    });
  });
  return { documentId, notes };
}

/**
 * A partner's settings for a document (specs/2-documents.md §4 "Admin partner change"): its account id
 * fields with the partner's labels and the Colonial block, filled from the document when it is already
 * that partner's, else the account id from its client's account there.
 */
export async function documentPartnerSettings(
  db: Kysely<Database>,
  documentId: string,
  partnerId: string,
): Promise<DocumentPartnerSettings> {
  const [stored, partner] = await Promise.all([
    storedDocument(db, documentId),
    partnerFormSettings(db, partnerId),
  ]);
  if (!stored) throw notFound(DOCUMENTS_MESSAGES.notFound);
  if (!partner) throw notFound(PARTNERS_MESSAGES.notFound);
  const client = await db
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
}
