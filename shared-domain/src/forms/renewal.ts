import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { fromIsoDate, ISO_DATE_FORMAT } from './dates.js';
import { twelveMonthsEnd } from './document-rules.js';

/** A Paid document is offered renewal from this many days before its plan year ends (and after). */
export const RENEWAL_WINDOW_DAYS = 90;

/** A plan year: its first and last days, ISO dates (YYYY-MM-DD). */
export interface PlanYear {
  start: string;
  end: string;
}

/**
 * `readyForRenewal` (issue 9; the specs name the flag, not the rule): a Paid, active document whose
 * plan year ends within RENEWAL_WINDOW_DAYS of `today`, or has ended, and that has not been renewed
 * (no active document names it as its original). `today` is an ISO date.
 */
export function readyForRenewal(
  document: { status: string; active: boolean; planYearEnd: string; renewed: boolean },
  today: string,
): boolean {
  if (document.status !== 'Paid' || !document.active || document.renewed) return false;
  const end = fromIsoDate(document.planYearEnd);
  const now = fromIsoDate(today);
  return end !== null && now !== null && differenceInCalendarDays(end, now) <= RENEWAL_WINDOW_DAYS;
}

/** The next plan year after one that ends on `planYearEnd`: start = end + 1 day, twelve months long. */
export function nextPlanYear(planYearEnd: string): PlanYear {
  const end = fromIsoDate(planYearEnd);
  if (end === null) throw new Error(`not an ISO date: ${planYearEnd}`);
  const start = addDays(end, 1);
  return { start: format(start, ISO_DATE_FORMAT), end: format(twelveMonthsEnd(start), ISO_DATE_FORMAT) };
}

/**
 * The plan year a renewal offers (../shared/domain/plan-documents.md "Decision"): the one right after
 * the previous plan year (the plan continues without a gap), unless that one is over too (the previous
 * ended more than a year before `today`): then the plan year of the same cycle that contains `today`.
 */
export function renewalPlanYear(previousEnd: string, today: string): PlanYear {
  let planYear = nextPlanYear(previousEnd);
  // ISO dates compare as text. A cycle gains a year a turn: a handful of turns at most.
  while (planYear.end < today) planYear = nextPlanYear(planYear.end);
  return planYear;
}

/**
 * The previous year's answers a renewal clears, which the customer answers afresh: the amendment
 * (flag and effective date), the HSA amendment effective date and the "Other" date of eligibility (the
 * "Other" choice stays, so the form asks for its date again).
 */
export const RENEWAL_CLEARED_ANSWERS = {
  amendmentToOriginal: false,
  amendmentEffectiveDate: '',
  hsaAmendmentEffectiveDate: '',
  otherDateOfEligibility: '',
} as const;

const isoDateIn = (value: unknown): string | null =>
  typeof value === 'string' && fromIsoDate(value.trim()) !== null ? value.trim() : null;

/**
 * The plan's original effective date, which a renewal carries forward: the one the previous document
 * names (a renewal's, or an amendment's "Original Effective Date"), else the date the previous document
 * took effect (its amendment effective date, or its plan-year start).
 */
export function originalEffectiveDateOf(form: Record<string, unknown>, planYearStart: string): string {
  return (
    isoDateIn(form.originalEffectiveDate) ??
    (form.amendmentToOriginal === true ? isoDateIn(form.amendmentEffectiveDate) : null) ??
    planYearStart
  );
}

/**
 * A renewal's answers (every way a document is renewed: the order form's renewal, Admin Renewal,
 * auto-renew): the previous document's answers, the plan year `renewalPlanYear` offers (not short),
 * the original effective date carried forward and last year's amendment answers cleared.
 */
export function renewalForm(
  previous: { form: Record<string, unknown>; planYear: PlanYear },
  today: string,
): { form: Record<string, unknown>; planYear: PlanYear } {
  const planYear = renewalPlanYear(previous.planYear.end, today);
  const { originalDocumentId: _previousOriginal, ...answers } = previous.form;
  return {
    form: {
      ...answers,
      ...RENEWAL_CLEARED_ANSWERS,
      originalEffectiveDate: originalEffectiveDateOf(previous.form, previous.planYear.start),
      currentPlanYearStartDate: planYear.start,
      currentPlanYearEndDate: planYear.end,
      shortPlanYear: false,
    },
    planYear,
  };
}
