import { addDays, differenceInCalendarDays, format } from 'date-fns';
import { fromIsoDate, ISO_DATE_FORMAT } from './dates.js';
import { twelveMonthsEnd } from './document-rules.js';

/** A Paid document is offered renewal from this many days before its plan year ends (and after). */
export const RENEWAL_WINDOW_DAYS = 90;

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
export function nextPlanYear(planYearEnd: string): { start: string; end: string } {
  const end = fromIsoDate(planYearEnd);
  if (end === null) throw new Error(`not an ISO date: ${planYearEnd}`);
  const start = addDays(end, 1);
  return { start: format(start, ISO_DATE_FORMAT), end: format(twelveMonthsEnd(start), ISO_DATE_FORMAT) };
}
