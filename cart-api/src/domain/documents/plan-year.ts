import type { Kysely } from 'kysely';
import { ValidationFailure, type Caller } from 'service-kit';
import { productToday } from 'shared-domain';
import { planYearProblems, renewalPlanYear, type PlanYearProblem } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import { isCompliance } from '../../policies/rules.js';
import { purchasedOnce, type StoredAnswers } from './locked-fields.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import type { RetroactiveOverride } from './queries.js';

/**
 * No retroactive adoption (../shared/domain/plan-documents.md "Decision"; issue 22 item 3), one
 * operation for every write of a document's answers: a new document (Add to Cart, Update Cart, Send
 * Invite, compliance's Create Free Document, a bypass partner's Save Document), an invitation's
 * document until it is bought (Update invite, a save, the cart item that pays for it) and the purchase
 * (purchase/refusals.ts). Its plan year, and its amendment effective date, may not start before today
 * in the product's time zone (shared-domain's `planYearProblems`, which the order form runs too).
 *
 * - A renewal continues the plan: its plan year may start on the day `renewalPlanYear` offers although
 *   that day has passed (the day after the previous plan year, or the start of the plan year that
 *   contains today when the previous one ended over a year ago), or on any day from today on.
 * - A document bought once (Paid, or bought before compliance deactivated it) keeps its own dates:
 *   its edits are not checked (only compliance changes its plan year, locked-fields.ts).
 * - Compliance may override the rule with a reason (`retroactiveReason`), recorded with the document;
 *   the override covers the dates it was given for: a later change of those dates is checked again.
 *   Anyone else sending a reason is refused (400), as a locked field is.
 */

/** A write of a document's answers, as the plan-year rule reads it. */
export interface PlanYearWrite {
  /** The answers about to be written, checked by the form's rules. */
  form: Record<string, unknown>;
  /** The document it renews, if any. */
  renews: string | null;
  /** The stored document when it exists (an invitation, a save); null or absent for a new one. */
  stored?: (StoredAnswers & { retroactiveReason: string | null }) | null;
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

/** What the dates of a write break on `today` (none: the rule holds, or does not apply). */
export async function planYearRefusals(
  db: Kysely<Database>,
  today: string,
  write: PlanYearWrite,
): Promise<PlanYearProblem[]> {
  if (write.stored && purchasedOnce(write.stored)) return [];
  let renewal = null;
  if (write.renews) {
    const previous = await db
      .selectFrom('epop_document')
      .select('plan_year_end')
      .where('document_id', '=', write.renews)
      .executeTakeFirst();
    // An unknown original is refused by the links' check (links.ts), not here.
    if (previous) renewal = renewalPlanYear(previous.plan_year_end, today);
  }
  const problems = planYearProblems(write.form, today, renewal);
  return problems.length > 0 && overridden(write) ? [] : problems;
}

/**
 * The plan-year rule for a write by `caller` on the service's clock: nothing when it holds; compliance's
 * override to record when it does not and compliance gave `reason`; otherwise a 400 naming each date,
 * with a later start to choose. A reason from anyone but compliance is refused.
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
  if (reason) return { reason, by: caller.username || caller.userId, at: now.toISOString() };
  throw new ValidationFailure(problems.map((problem) => problem.message));
}
