import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { renewalForm, type PlanYear } from 'shared-domain/forms';
import type { Database, EpopDocumentTable } from '../../db/schema.js';
import { completeActionItems } from '../action-items/queries.js';

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
export function renewalReminderDone(trx: Kysely<Database>, originalDocumentId: string): Promise<void> {
  return completeActionItems(trx, originalDocumentId, 'pop-document-renewal');
}
