import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  fromIsoDate,
  originalEffectiveDateOf,
  readyForRenewal,
  RENEWAL_WINDOW_DAYS,
  renewalForm,
  type PlanYear,
} from 'shared-domain/forms';
import type { Database, EpopDocumentTable } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import { closeActionItemsFor } from '../action-items/closure.js';
import { DOCUMENTS_MESSAGES } from './messages.js';

/**
 * Renewal (specs/2-documents.md §4 "Renewal reuses the new-document flow"), one set of rules for every
 * way a document is renewed: the owner or compliance through the order form (`renewalDraft`, then the
 * cart or a free save), and a partner's auto-renew rule (reminders/auto-renew.ts). The renewal is a
 * new document naming the old one as its original; an original has at most one active renewal (a
 * unique index holds it under races).
 */

/**
 * The next plan year's answers of a document (shared-domain's `renewalForm`,
 * ../shared/domain/plan-documents.md "Decision"): the old answers; the plan year right after the old
 * one (no gap), or the one that contains `today` when the old one ended over a year ago; not short;
 * the plan's original effective date carried forward; last year's amendment answers cleared.
 */
export function renewalAnswers(
  form: Record<string, unknown>,
  planYear: PlanYear,
  today: string,
): { answers: Record<string, unknown>; planYear: PlanYear } {
  const renewal = renewalForm({ form, planYear }, today);
  return { answers: renewal.form, planYear: renewal.planYear };
}

type DocumentExpressions = ExpressionBuilder<Database & { d: EpopDocumentTable }, 'd'>;

/** Whether an active document renews `d` (the renewal's original_document_id index answers it). */
export function renewedDocument(eb: DocumentExpressions) {
  return eb.exists(
    eb
      .selectFrom('epop_document as r')
      .select(sql<number>`1`.as('one'))
      .whereRef('r.original_document_id', '=', 'd.document_id')
      .where('r.active', '=', 1),
  );
}

/** Whether an active document (other than `except`) already renews `documentId`. */
export async function renewedAlready(
  db: Kysely<Database>,
  documentId: string,
  except: string | null = null,
): Promise<boolean> {
  const row = await db
    .selectFrom('epop_document')
    .select('document_id')
    .where('original_document_id', '=', documentId)
    .where('active', '=', 1)
    .$if(except !== null, (q) => q.where('document_id', '!=', except!))
    .executeTakeFirst();
  return row !== undefined;
}

/** A renewal now exists (bought, saved free or auto-renewed): the renewal reminder of the old one is done. */
export function renewalReminderDone(
  trx: Kysely<Database>,
  originalDocumentId: string,
  now: Date,
): Promise<void> {
  return closeActionItemsFor(trx, originalDocumentId, 'renewed', now);
}

const REFUSED = DOCUMENTS_MESSAGES.save.renewal;

/** Who a renewal is for: a stored renewal (its own client), or a new one's client, or its federal tax id. */
export type RenewalOf =
  | { documentId: string }
  | {
      /** The existing client the new document joins; null: a new client, known by its tax id alone. */
      clientId: string | null;
      /** The new document's federal tax id, read when it names no client. */
      federalTaxId: unknown;
    };

const taxDigits = (value: unknown): string => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

/** Why a document may not be renewed by another (`renewalRefusal`), with the refusal's text. */
export interface RenewalRefusal {
  kind: 'not-found' | 'other-client' | 'not-purchased' | 'renewed' | 'not-ready';
  message: string;
}

/**
 * Whether `originalDocumentId` may be renewed by the document `renewal` on `today` (README "Renewal";
 * ../shared/domain/plan-documents.md "Decision"): null when it may, else the refusal. Only a renewal
 * so named continues the plan (a plan year that may have started, the original effective date carried
 * forward); everything else is a new plan. The original must be
 * - of the same client: the client company of a stored renewal, or the one a new document joins; a new
 *   document naming no client (a new client) must carry the federal tax id of the original's client
 *   (its company's, else the one in the original's answers), digits compared;
 * - purchased: Paid and active now (decision: a document compliance deactivated, Inactive after it was
 *   paid, is not renewed until it is bought again; the renewal draft refuses it too);
 * - not renewed by another active document (`renewal`'s own id excepted);
 * - ready for renewal today by the rule of the renewal draft (`readyForRenewal`: its plan year ends
 *   within RENEWAL_WINDOW_DAYS days, or has ended).
 */
export async function renewalRefusal(
  db: Kysely<Database>,
  originalDocumentId: string,
  today: string,
  renewal: RenewalOf,
): Promise<RenewalRefusal | null> {
  const original = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select(['d.status', 'd.active', 'd.plan_year_end', 'd.client_company_id', 'd.json', 'c.federal_tax_id'])
    .where('d.document_id', '=', originalDocumentId)
    .executeTakeFirst();
  if (!original) return { kind: 'not-found', message: DOCUMENTS_MESSAGES.save.originalNotFound };
  let sameClient: boolean;
  if ('documentId' in renewal) {
    const own = await db
      .selectFrom('epop_document')
      .select('client_company_id')
      .where('document_id', '=', renewal.documentId)
      .executeTakeFirst();
    sameClient = own?.client_company_id === original.client_company_id;
  } else if (renewal.clientId) {
    sameClient = renewal.clientId === original.client_company_id;
  } else {
    const theirs = taxDigits(original.federal_tax_id) || taxDigits(jsonObject(original.json).federalTaxId);
    sameClient = theirs !== '' && taxDigits(renewal.federalTaxId) === theirs;
  }
  if (!sameClient) return { kind: 'other-client', message: REFUSED.otherClient };
  if (original.status !== 'Paid' || Number(original.active) !== 1) {
    return { kind: 'not-purchased', message: REFUSED.notPurchased };
  }
  const self = 'documentId' in renewal ? renewal.documentId : null;
  if (await renewedAlready(db, originalDocumentId, self)) {
    return { kind: 'renewed', message: DOCUMENTS_MESSAGES.save.renewedAlready };
  }
  const ready = readyForRenewal(
    { status: original.status, active: true, planYearEnd: original.plan_year_end, renewed: false },
    today,
  );
  return ready ? null : { kind: 'not-ready', message: REFUSED.notReady(RENEWAL_WINDOW_DAYS) };
}

/** The active document that renews `originalDocumentId` (at most one: a unique index), or null. */
export async function renewalOf(db: Kysely<Database>, originalDocumentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('epop_document')
    .select('document_id')
    .where('original_document_id', '=', originalDocumentId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row?.document_id ?? null;
}

/** How far back `carriedEffectiveDate` follows a chain of renewals (a bound, and safe from cycles). */
export const CHAIN_LIMIT = 50;

const isoDateIn = (value: unknown): string | null =>
  typeof value === 'string' && fromIsoDate(value.trim()) !== null ? value.trim() : null;

/**
 * The plan's original effective date a renewal of `originalDocumentId` carries forward, from the stored
 * documents (never from what a client sends): the one the renewed document names; when it names none
 * (a renewal made before renewals stored it), the one of the document it renewed, and so on back to
 * the first document of the chain (at most CHAIN_LIMIT documents, each once), whose own is its original
 * effective date, or its amendment effective date for an amendment, or its plan-year start
 * (shared-domain's `originalEffectiveDateOf`). Null when the document does not exist.
 */
export async function carriedEffectiveDate(
  db: Kysely<Database>,
  originalDocumentId: string,
): Promise<string | null> {
  const seen = new Set<string>();
  let next: string | null = originalDocumentId;
  let first: { form: Record<string, unknown>; planYearStart: string } | null = null;
  while (next !== null && !seen.has(next) && seen.size < CHAIN_LIMIT) {
    seen.add(next);
    const row = await db
      .selectFrom('epop_document')
      .select(['json', 'plan_year_start', 'original_document_id'])
      .where('document_id', '=', next)
      .executeTakeFirst();
    if (!row) break;
    const form = jsonObject(row.json);
    const named = isoDateIn(form.originalEffectiveDate);
    if (named !== null) return named;
    first = { form, planYearStart: row.plan_year_start };
    next = row.original_document_id;
  }
  return first && originalEffectiveDateOf(first.form, first.planYearStart);
}

/**
 * The original effective date a renewal's write stores (README "Renewal"): the one carried forward from
 * the documents (`carriedEffectiveDate`), whatever the client sent; a stored renewal keeps the one it has
 * (compliance may have set it). Compliance alone may set it: its date, when it sends one, is kept.
 * `carried`: the date without compliance's (when they differ, compliance set it: the change log says so).
 */
export async function renewalEffectiveDate(
  db: Kysely<Database>,
  {
    originalDocumentId,
    compliance,
    sent,
    stored,
  }: {
    originalDocumentId: string;
    compliance: boolean;
    /** What the write sends (for a save, merged over the stored answers). */
    sent: unknown;
    /** What the stored renewal holds (a save, an invitation or an auto-renewal paid through the cart). */
    stored?: unknown;
  },
): Promise<{ originalEffectiveDate: string | null; carried: string | null }> {
  const carried = isoDateIn(stored) ?? (await carriedEffectiveDate(db, originalDocumentId));
  return { originalEffectiveDate: (compliance ? isoDateIn(sent) : null) ?? carried, carried };
}
