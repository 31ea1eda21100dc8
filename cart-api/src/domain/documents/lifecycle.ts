import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ActionItemType } from 'shared-domain';
import { formatIsoDate } from 'shared-domain';
import type { Database, DocumentStatus } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';

export const LIFECYCLE_MESSAGES = {
  reasonRequired: 'A reason is required to deactivate a document',
  onlyPaid: 'Only a paid document can be deactivated',
  colonialRepayment:
    'Repayment cannot be allowed for a Colonial document: remove it from Colonial with a no-pay reason instead',
  sendToInvalid: 'Send to must be an e-mail address',
  notDeactivated: 'This document has not been deactivated',
  renewedMeanwhile: 'This document has been renewed since it was deactivated: it cannot be reactivated',
  deactivated: 'Document has been deactivated',
  reactivated: 'Document has been reactivated',
} as const;

/** What the lifecycle calls need of a document and its client. */
export interface DocumentForLifecycle {
  documentId: string;
  clientId: string;
  ownerUserId: string;
  status: DocumentStatus;
  active: boolean;
  statusBeforeInactive: DocumentStatus | null;
  strategicPartnerId: string | null;
  colonial: boolean;
  planYearStart: string;
  planYearEnd: string;
  form: Record<string, unknown>;
  company: string;
}

export async function documentForLifecycle(
  db: Kysely<Database>,
  documentId: string,
): Promise<DocumentForLifecycle | undefined> {
  const row = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .leftJoin('company as p', 'p.company_id', 'd.strategic_partner_id')
    .select([
      'd.document_id',
      'd.client_company_id',
      'd.owner_user_id',
      'd.status',
      'd.active',
      'd.status_before_inactive',
      'd.strategic_partner_id',
      'p.colonial',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.json',
      'c.name',
    ])
    .where('d.document_id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      documentId: row.document_id,
      clientId: row.client_company_id,
      ownerUserId: row.owner_user_id,
      status: row.status,
      active: Number(row.active) === 1,
      statusBeforeInactive: row.status_before_inactive,
      strategicPartnerId: row.strategic_partner_id,
      colonial: Number(row.colonial ?? 0) === 1,
      planYearStart: row.plan_year_start,
      planYearEnd: row.plan_year_end,
      form: jsonObject(row.json),
      company: row.name,
    }
  );
}

/** 'Acme Inc (plan year 01/01/2027 - 12/31/2027)': how the change log names a document. */
export const documentLabel = (document: DocumentForLifecycle) =>
  `${document.company} (plan year ${formatIsoDate(document.planYearStart)} - ${formatIsoDate(document.planYearEnd)})`;

/**
 * Takes a document off the dashboards (`active` 0) with `status`, keeping the status it had so that
 * Reactivate gives it back.
 */
export async function retireDocument(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
  status: DocumentStatus,
): Promise<void> {
  await trx
    .updateTable('epop_document')
    .set({ status, active: 0, status_before_inactive: document.statusBeforeInactive ?? document.status })
    .where('document_id', '=', document.documentId)
    .execute();
}

/**
 * Whom a "buy it again" action item goes to: the users linked to the client company (the client's
 * own accounts), or the document's owner when it has none.
 */
export async function clientAccounts(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
): Promise<string[]> {
  const linked = await trx
    .selectFrom('company_user')
    .select('user_id')
    .where('company_id', '=', document.clientId)
    .orderBy('user_id')
    .execute();
  return linked.length > 0 ? linked.map((row) => row.user_id) : [document.ownerUserId];
}

/** A purchase action item about the document for each of `userIds` (the cart pays its document). */
export async function addPurchaseItems(
  trx: Kysely<Database>,
  document: DocumentForLifecycle,
  userIds: string[],
  itemType: Extract<ActionItemType, 'unpaid-pop-action-item' | 'colonial-cancellation-purchase'>,
  description: string,
  createdBy: string,
): Promise<void> {
  const now = new Date().toISOString();
  for (const userId of userIds) {
    await trx
      .insertInto('action_item')
      .values({
        action_item_id: randomUUID(),
        user_id: userId,
        item_type: itemType,
        description,
        json: JSON.stringify({
          DocumentId: document.documentId,
          Document: { BrokerId: null },
          Attributes: [],
          PricedFor: null,
        }),
        created_by: createdBy,
        created_at: now,
        completed: 0,
        completed_at: null,
      })
      .execute();
  }
}
