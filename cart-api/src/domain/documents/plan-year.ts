import type { Kysely } from 'kysely';
import { ValidationFailure, type Caller } from 'service-kit';
import { productToday } from 'shared-domain';
import { planYearProblems, renewalPlanYear, type PlanYearProblem } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import { isCompliance } from '../../policies/rules.js';
import { purchasedOnce, type StoredAnswers } from './locked-fields.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import type { RetroactiveOverride } from './queries.js';
import { renewalOf, renewalRefusal, type RenewalOf } from './renewal.js';

/**
 * No retroactive adoption (../shared/domain/plan-documents.md "Decision"; issue 22 item 3), one
 * operation for every write of a document's answers: a new document (Add to Cart, Update Cart, Send
 * Invite, compliance's Create Free Document, a bypass partner's Save Document), an invitation's
 * document until it is bought (Update invite, a save, the cart item that pays for it) and the purchase
 * (purchase/refusals.ts). Its dates may not start before today in the product's time zone
 * (shared-domain's `planYearProblems`, which the order form runs too): a plan year's start, or an
 * amendment's effective date alone (a mid-year amendment of a plan year that has started).
 *
 * - A renewal continues the plan: its plan year may start on the day `renewalPlanYear` offers although
 *   that day has passed (the day after the previous plan year, or the start of the plan year that
 *   contains today when the previous one ended over a year ago), or on any day from today on. Only a
 *   document that may renew the one it names today is a renewal (renewal.ts `renewalRefusal`: the same
 *   client, Paid and active, ready for renewal): naming another is refused (a new document, at the
 *   purchase too; a stored one that names another client's document); a stored document whose original
 *   no longer qualifies otherwise is checked as a new one.
 * - A document bought once (Paid, or bought before compliance deactivated it) keeps its own dates:
 *   its edits are not checked (only compliance changes its plan year, locked-fields.ts).
 * - Compliance may override the rule with a reason (`retroactiveReason`), recorded with the document;
 *   the override covers the dates it was given for: a later change of those dates is checked again, and
 *   a save whose dates no longer need it clears it (`overrideObsolete`). Anyone else sending a reason is
 *   refused (400), as a locked field is. A refused original is never overridden.
 */

/** A write of a document's answers, as the plan-year rule reads it. */
export interface PlanYearWrite {
  /** The answers about to be written, checked by the form's rules. */
  form: Record<string, unknown>;
  /** The document it renews, if any. */
  renews: string | null;
  /** The stored document when it exists (an invitation, a save); null or absent for a new one. */
  stored?: (StoredAnswers & { retroactiveReason: string | null }) | null;
  /** The stored document's id (default: the active document that renews `renews`). */
  storedId?: string | null;
  /** The client a new document joins (default: the form's `clientId`); null: a new client. */
  clientId?: string | null;
}

/** What a write's dates (or the document it names as renewed) break. */
export interface PlanYearRefusal {
  field: PlanYearProblem['field'] | 'originalDocumentId';
  message: string;
}

const amendmentDate = (form: Record<string, unknown>) =>
  form.amendmentToOriginal === true && typeof form.amendmentEffectiveDate === 'string'
    ? form.amendmentEffectiveDate
    : '';

/** Whether compliance's recorded override still covers the dates (they are the ones it was given for). */
function overridden(write: PlanYearWrite): boolean {
  const { stored, form } = write;
  return (
    !!stored?.retroactiveReason &&
    form.currentPlanYearStartDate === stored.planYearStart &&
    amendmentDate(form) === amendmentDate(stored.form)
  );
}

/** Who the write's renewal is for: the stored document, or the new document's client (or tax id). */
async function renewalOfWrite(db: Kysely<Database>, write: PlanYearWrite & { renews: string }) {
  if (write.stored) {
    const documentId = write.storedId ?? (await renewalOf(db, write.renews));
    if (documentId) return { documentId } satisfies RenewalOf;
  }
  const named = write.clientId !== undefined ? write.clientId : write.form.clientId;
  return {
    clientId: typeof named === 'string' && named !== '' ? named : null,
    federalTaxId: write.form.federalTaxId,
  } satisfies RenewalOf;
}

/**
 * What the rule finds in a write's dates on `today`, whatever the purchase and compliance's override:
 * a renewal's own refusal (`originalDocumentId`, for a new document) and the dates' problems, checked as
 * a renewal's only when the document may renew the one it names.
 */
async function ruleProblems(
  db: Kysely<Database>,
  today: string,
  write: PlanYearWrite,
): Promise<PlanYearRefusal[]> {
  let renewal = null;
  const refused: PlanYearRefusal[] = [];
  if (write.renews) {
    const refusal = await renewalRefusal(
      db,
      write.renews,
      today,
      await renewalOfWrite(db, { ...write, renews: write.renews }),
    );
    if (refusal === null) {
      const previous = await db
        .selectFrom('epop_document')
        .select('plan_year_end')
        .where('document_id', '=', write.renews)
        .executeTakeFirstOrThrow();
      renewal = renewalPlanYear(previous.plan_year_end, today);
    } else if (!write.stored || refusal.kind === 'other-client') {
      // A new document that names a document it may not renew is refused (links.ts says it first), and
      // so is a stored one that names another client's (never a renewal: one stored before the rule).
      // A stored renewal whose original no longer qualifies (deactivated since, an auto-renewal made
      // long before the window) is not refused: its dates are checked as a new document's.
      refused.push({ field: 'originalDocumentId', message: refusal.message });
    }
  }
  return [...refused, ...planYearProblems(write.form, today, renewal)];
}

/** What the dates of a write break on `today` (none: the rule holds, or does not apply). */
export async function planYearRefusals(
  db: Kysely<Database>,
  today: string,
  write: PlanYearWrite,
): Promise<PlanYearRefusal[]> {
  if (write.stored && purchasedOnce(write.stored)) return [];
  const problems = await ruleProblems(db, today, write);
  const original = problems.filter((problem) => problem.field === 'originalDocumentId');
  if (original.length > 0) return original;
  return problems.length > 0 && overridden(write) ? [] : problems;
}

/**
 * The plan-year rule for a write by `caller` on the service's clock: nothing when it holds; compliance's
 * override to record when it does not and compliance gave `reason`; otherwise a 400 naming each date,
 * with a later start to choose. A reason from anyone but compliance is refused; a refused original is
 * refused whatever the reason.
 */
export async function checkedPlanYear(
  deps: { db: Kysely<Database>; now: () => Date },
  caller: Caller,
  write: PlanYearWrite & { reason?: string | undefined },
): Promise<RetroactiveOverride | null> {
  if (write.reason !== undefined && !isCompliance(caller)) {
    throw new ValidationFailure([DOCUMENTS_MESSAGES.save.retroactiveReasonComplianceOnly]);
  }
  const now = deps.now();
  const problems = await planYearRefusals(deps.db, productToday(now), write);
  if (problems.length === 0) return null;
  const reason = write.reason?.trim();
  if (reason && problems.every((problem) => problem.field !== 'originalDocumentId')) {
    return { reason, by: caller.username || caller.userId, at: now.toISOString() };
  }
  throw new ValidationFailure(problems.map((problem) => problem.message));
}

/**
 * Whether a stored override of compliance no longer has anything to cover: the write's dates obey the
 * rule on the service's day without it (compliance moved them to dates from today on, or to the start
 * that continues the plan a renewal renews). Judged whether or not the document has been bought: a
 * bought document's reason stays while its dates start before today, and goes when they are moved.
 */
export async function overrideObsolete(
  deps: { db: Kysely<Database>; now: () => Date },
  write: PlanYearWrite,
): Promise<boolean> {
  if (!write.stored?.retroactiveReason) return false;
  const problems = await ruleProblems(deps.db, productToday(deps.now()), write);
  return problems.length === 0;
}
