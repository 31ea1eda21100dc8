import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { IsoDate } from 'shared-domain';
import { EPOP_PRODUCT } from '../../db/reference-data.js';
import type { CompanyKind, Database, DocumentStatus, EpopDocumentTable } from '../../db/schema.js';
import type { EpopDocument } from '../../contract/epop-document.js';
import { recordExists } from '../../lib/exists.js';
import { jsonObject } from '../../lib/json.js';
import type { StoredAnswers } from './index.js';
import { readyForRenewal } from 'shared-domain/forms';
import { renewedDocument } from './renewal.js';
import { partnerFormSettings } from '../partners/settings.js';
import { openInviteOf } from '../action-items/queries.js';

// The expression builder of a query over `epop_document as d`.
type DocumentQueryBuilder = ExpressionBuilder<Database & { d: EpopDocumentTable }, 'd'>;

/** Whether a paid order with a receipt covers `d` (hasReceipt). */
function hasReceipt(eb: DocumentQueryBuilder) {
  return eb.exists(
    eb
      .selectFrom('order_item as oi')
      .innerJoin('orders as o', 'o.order_id', 'oi.order_id')
      .select(sql<number>`1`.as('one'))
      .whereRef('oi.document_id', '=', 'd.document_id')
      .where('o.paid_at', 'is not', null)
      .where('o.receipt', 'is not', null),
  );
}

/** A column of `d`'s latest order (its order number, its id). */
export function latestOrder(eb: DocumentQueryBuilder, column: 'o.order_id' | 'o.order_number') {
  return eb
    .selectFrom('order_item as oi')
    .innerJoin('orders as o', 'o.order_id', 'oi.order_id')
    .select(column)
    .whereRef('oi.document_id', '=', 'd.document_id')
    .orderBy('o.created_at', 'desc')
    .limit(1);
}

export const documentExists = (db: Kysely<Database>, documentId: string): Promise<boolean> =>
  recordExists(db, 'epop_document', documentId);

/**
 * Read-only (specs/2-documents.md §2 "isReadOnly": it can be viewed, not edited or tested): an
 * inactive document, or one whose payment is being processed.
 */
export const isReadOnly = (row: { active: number; status: DocumentStatus }): boolean =>
  Number(row.active) !== 1 || row.status === 'Inactive' || row.status === 'Processing';

/** One document as the table holds it, with its order-form fields parsed and its partner's settings. */
export async function documentById(
  db: Kysely<Database>,
  documentId: string,
  /** The product's day the renewal window is counted from. */
  today: IsoDate,
  /** Compliance's note is for compliance: other callers get null. */
  withNotes = false,
): Promise<EpopDocument | undefined> {
  const row = await db
    .selectFrom('epop_document as d')
    .leftJoin('company as client', 'client.company_id', 'd.client_company_id')
    .select((eb) => [
      'd.document_id',
      'd.client_company_id',
      'd.name',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.status',
      'd.json',
      'd.created_at',
      'd.strategic_partner_id',
      'd.active',
      'd.original_document_id',
      'd.notes',
      'd.status_before_inactive',
      'd.retroactive_reason',
      'd.retroactive_reason_by',
      'd.retroactive_reason_at',
      'client.broker_user_id',
      renewedDocument(eb).as('renewed'),
      hasReceipt(eb).as('has_receipt'),
      latestOrder(eb, 'o.order_id').as('order_id'),
    ])
    .where('d.document_id', '=', documentId)
    .executeTakeFirst();
  if (!row) return undefined;
  const partner = await partnerFormSettings(db, row.strategic_partner_id);
  const inviteActionItemId = row.status === 'Unpaid' ? await openInviteOf(db, row.document_id) : null;
  return {
    documentId: row.document_id,
    clientId: row.client_company_id,
    name: row.name,
    currentPlanYearStartDate: row.plan_year_start,
    currentPlanYearEndDate: row.plan_year_end,
    status: row.status,
    form: jsonObject(row.json),
    colonial: { noPayOptions: partner?.colonial?.noPayOptions ?? [] },
    createdDate: row.created_at,
    strategicPartnerId: row.strategic_partner_id,
    partner,
    brokerId: row.broker_user_id,
    isReadOnly: isReadOnly(row),
    requiresPurchase: row.status === 'Unpaid',
    originalDocumentId: row.original_document_id,
    readyForRenewal: readyForRenewal(
      {
        status: row.status,
        active: Number(row.active) === 1,
        planYearEnd: row.plan_year_end,
        renewed: Boolean(Number(row.renewed)),
      },
      today,
    ),
    hasReceipt: Boolean(Number(row.has_receipt)),
    orderId: row.order_id,
    inviteActionItemId,
    deactivated: row.status_before_inactive !== null,
    notes: withNotes ? (row.notes ?? '') : null,
    // Compliance's record, like its note.
    retroactiveReason:
      withNotes && row.retroactive_reason !== null
        ? {
            reason: row.retroactive_reason,
            by: row.retroactive_reason_by ?? '',
            at: row.retroactive_reason_at ?? '',
          }
        : null,
  };
}

/** A company of one kind (a client, a strategic partner), with what saving a document needs of it. */
export async function companyOfKind(
  db: Kysely<Database>,
  companyId: string,
  kind: CompanyKind,
): Promise<{ companyId: string; colonial: boolean } | undefined> {
  const row = await db
    .selectFrom('company')
    .select(['company_id', 'colonial'])
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row && { companyId: row.company_id, colonial: Number(row.colonial) === 1 };
}

/** What a save compares the incoming form with: the stored document. */
export interface StoredDocument extends StoredAnswers {
  readOnly: boolean;
  strategicPartnerId: string | null;
  /** The document it renews (a renewal continues the plan: plan-year.ts). */
  originalDocumentId: string | null;
  /** Compliance's reason for dates before the day it was ordered (plan-year.ts), or null. */
  retroactiveReason: string | null;
}

export async function storedDocument(
  db: Kysely<Database>,
  documentId: string,
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('epop_document')
    .select([
      'status',
      'status_before_inactive',
      'active',
      'strategic_partner_id',
      'plan_year_start',
      'plan_year_end',
      'json',
      'original_document_id',
      'retroactive_reason',
    ])
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      status: row.status,
      statusBeforeInactive: row.status_before_inactive,
      readOnly: isReadOnly(row),
      strategicPartnerId: row.strategic_partner_id,
      planYearStart: row.plan_year_start,
      planYearEnd: row.plan_year_end,
      form: jsonObject(row.json),
      originalDocumentId: row.original_document_id,
      retroactiveReason: row.retroactive_reason,
    }
  );
}

/** The order form's values as the document stores them (its `json`), and the plan year they name. */
export type SavedForm = Record<string, unknown> & {
  clientCompanyName: string;
  currentPlanYearStartDate: string;
  currentPlanYearEndDate: string;
};

/**
 * Compliance's override of the rule that a plan year (or an amendment) cannot start before the day
 * the document is ordered (plan-year.ts): the reason, who gave it (a user name) and when (an ISO instant).
 */
export interface RetroactiveOverride {
  reason: string;
  by: string;
  at: string;
}

export interface NewDocument {
  /** Given when the caller needs it (the demo seed's stable ids); else a new one. */
  documentId?: string;
  /** A document whose id exists already is left as it is (the demo seed, run again). */
  ifAbsent?: boolean;
  ownerUserId: string;
  /** Who saved it; null for what the system makes itself (an auto-renewal, the demo seed). */
  createdBy: string | null;
  /** When (an ISO instant): default now; a job gives the time of its run. */
  createdAt?: string;
  /** Its product and name: default the ePOP product; a renewal keeps those of the renewed document. */
  product?: { productId: string; name: string };
  form: SavedForm;
  clientId: string | null;
  originalDocumentId?: string | null;
  strategicPartnerId: string | null;
  /** A new client's broker: the broker who saved it (a bypass partner's broker, an inviting broker). */
  brokerUserId?: string | null;
  /** A user linked to the client: the employer who saved it for their own company, an invitee. */
  memberUserId?: string | null;
  /**
   * free: Paid without a purchase ('Create Free Document', a bypass partner's 'Save Document');
   * unpaid: an invitation to purchase; bought: Paid by an order (the checkout).
   */
  kind: 'free' | 'unpaid' | 'bought';
  /** Compliance's reason for dates before today (plan-year.ts); none: the rule held. */
  retroactive?: RetroactiveOverride | null;
}

/**
 * A new document, inside the caller's transaction: free and Paid ('Create Free Document', a bypass
 * partner's 'Save Document'; nothing is owed, so it downloads like a paid one), `unpaid` (an
 * invitation to purchase, with its action item), or `bought` (Paid by the order being placed). A new client company is made from step 1's company
 * fields unless `clientId` names one; the member (an employer saving their own) is linked to it.
 */
export async function insertDocument(trx: Kysely<Database>, input: NewDocument): Promise<string> {
  const now = input.createdAt ?? new Date().toISOString();
  const documentId = input.documentId ?? randomUUID();
  let clientId = input.clientId;
  if (!clientId) {
    clientId = randomUUID();
    const text = (name: string) => {
      const value = input.form[name];
      return typeof value === 'string' && value !== '' ? value : null;
    };
    await trx
      .insertInto('company')
      .values({
        company_id: clientId,
        kind: 'client',
        name: input.form.clientCompanyName,
        address_line1: text('addressLine1'),
        address_line2: text('addressLine2'),
        city: text('city'),
        state: text('state'),
        zip_code: text('zipCode'),
        phone: text('phone'),
        federal_tax_id: text('federalTaxId'),
        legal_entity_type: text('legalEntityType'),
        state_of_legal_construction: text('stateOfLegalConstruction'),
        strategic_partner_id: input.strategicPartnerId,
        // Compliance creates it on the owner's behalf; a broker who saves it looks after it.
        broker_user_id: input.brokerUserId ?? null,
        created_at: now,
      })
      .execute();
  }
  if (input.memberUserId) {
    await trx
      .insertInto('company_user')
      .values({ company_id: clientId, user_id: input.memberUserId, created_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
      .execute();
  }
  await trx
    .insertInto('epop_document')
    .values({
      document_id: documentId,
      product_id: input.product?.productId ?? EPOP_PRODUCT.product_id,
      owner_user_id: input.ownerUserId,
      client_company_id: clientId,
      strategic_partner_id: input.strategicPartnerId,
      name: input.product?.name ?? EPOP_PRODUCT.name,
      plan_year_start: input.form.currentPlanYearStartDate,
      plan_year_end: input.form.currentPlanYearEndDate,
      status: input.kind === 'unpaid' ? 'Unpaid' : 'Paid',
      json: JSON.stringify(input.form),
      active: 1,
      free: input.kind === 'free' ? 1 : 0,
      created_by: input.createdBy,
      created_at: now,
      original_document_id: input.originalDocumentId ?? null,
      retroactive_reason: input.retroactive?.reason ?? null,
      retroactive_reason_by: input.retroactive?.by ?? null,
      retroactive_reason_at: input.retroactive?.at ?? null,
    })
    .$if(input.ifAbsent === true, (query) => query.onConflict((oc) => oc.column('document_id').doNothing()))
    .execute();
  return documentId;
}

/**
 * Saves a document's form (and, when compliance moved it, its strategic partner; when compliance
 * overrode the plan-year rule, its reason).
 */
export async function updateDocument(
  db: Kysely<Database>,
  documentId: string,
  input: {
    form: SavedForm;
    strategicPartnerId: string | null;
    originalDocumentId: string | null;
    retroactive?: RetroactiveOverride | null;
  },
): Promise<void> {
  await db
    .updateTable('epop_document')
    .set({
      json: JSON.stringify(input.form),
      plan_year_start: input.form.currentPlanYearStartDate,
      plan_year_end: input.form.currentPlanYearEndDate,
      strategic_partner_id: input.strategicPartnerId,
      original_document_id: input.originalDocumentId,
      ...(input.retroactive
        ? {
            retroactive_reason: input.retroactive.reason,
            retroactive_reason_by: input.retroactive.by,
            retroactive_reason_at: input.retroactive.at,
          }
        : {}),
    })
    .where('document_id', '=', documentId)
    .execute();
}
