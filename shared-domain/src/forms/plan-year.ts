import { format } from 'date-fns/format';
import { formatIsoDate } from '../time.js';
import { fromIsoDate, ISO_DATE_FORMAT } from './dates.js';
import { twelveMonthsEnd } from './document-rules.js';
import type { PlanYear } from './renewal.js';

/**
 * No retroactive adoption (../shared/domain/plan-documents.md "Decision"; Prop. Treas. Reg.
 * §1.125-1(c)(2): the plan applies only to periods after it is adopted). The effective date a document
 * shows is its plan-year start, or its amendment effective date for an amendment, so that is the date
 * checked against the day it is ordered (`today`, in the product's time zone):
 * - a new document that is not an amendment: its plan-year start may not be before today (refused with
 *   a message that offers a short plan year from a later start);
 * - an amendment (`amendmentToOriginal`): its amendment effective date alone, which may not be before
 *   today and lies within the plan year (start <= amendment date <= end); the plan year of the plan it
 *   amends may have started (a mid-year amendment). The refusal offers an amendment date (the first of
 *   next month, or today);
 * - a renewal continues the plan without a gap: its plan year may start on the day `renewalPlanYear`
 *   offers although that day has passed, or on any day from today (also when it is an amendment: the
 *   amendment date is then checked as any amendment's).
 * The order form runs these rules under the dates, and cart-api on every write of a new document
 * (cart-api/src/domain/documents/plan-year.ts), where compliance may override them with a reason.
 */

/** The form's labels of the dates these rules check: every message starts with the one it is about. */
export const PLAN_YEAR_DATE_LABELS = {
  currentPlanYearStartDate: 'Plan Year Start Date',
  amendmentEffectiveDate: 'Amendment Effective Date',
} as const;
export type PlanYearDateField = keyof typeof PLAN_YEAR_DATE_LABELS;

const start = PLAN_YEAR_DATE_LABELS.currentPlanYearStartDate;
const amendment = PLAN_YEAR_DATE_LABELS.amendmentEffectiveDate;

export const PLAN_YEAR_MESSAGES = {
  /** A new document's plan year that starts before today, with a plan year from a later start. */
  startBeforeToday: (today: string, offer: PlanYear & { short: boolean }) =>
    `${start} cannot be before today (${formatIsoDate(today)}): a plan cannot be adopted retroactively. ` +
    `Start the plan year on or after ${formatIsoDate(today)}, for example ${offer.short ? 'a short plan year' : 'the plan year'} ` +
    `${formatIsoDate(offer.start)} - ${formatIsoDate(offer.end)}.`,
  /** A renewal's plan year that neither continues the plan nor starts today or later. */
  renewalStart: (today: string, offered: PlanYear) =>
    `${start} of a renewal continues the plan without a gap: start it on ${formatIsoDate(offered.start)} ` +
    `(the plan year ${formatIsoDate(offered.start)} - ${formatIsoDate(offered.end)}), or on or after today ` +
    `(${formatIsoDate(today)}).`,
  /**
   * An amendment effective before today, with an amendment date to choose (`offer`: the first of next
   * month, or today; null when no day from today on lies within the plan year).
   */
  amendmentBeforeToday: (today: string, offer: string | null) =>
    `${amendment} cannot be before today (${formatIsoDate(today)}): an amendment cannot be adopted ` +
    `retroactively. Make it effective on or after ${formatIsoDate(today)}` +
    (offer === null ? ', within its plan year.' : `, for example ${formatIsoDate(offer)}.`),
  /** An amendment effective outside the plan year it amends. */
  amendmentOutsidePlanYear: (planYear: PlanYear) =>
    `${amendment} must be within the plan year (${formatIsoDate(planYear.start)} - ` +
    `${formatIsoDate(planYear.end)}): an amendment takes effect during the plan year it amends.`,
  /** Compliance's override: the field's label, and what the reason is for. */
  reasonLabel: 'Reason for a plan year or amendment starting before today',
  reasonHelp:
    'Compliance only: the plan year or the amendment starts before today. Give the reason to record with the document.',
} as const;

/** A date the rules read: an ISO date, or null for anything else (the form's own rules report it). */
const dateIn = (value: unknown): string | null =>
  typeof value === 'string' && fromIsoDate(value) !== null ? value : null;

/** The first day of the month after `today`. */
export function firstOfNextMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The first day a plan or an amendment ordered on `today` can take effect and that the offers name: today
 * when it is the first of a month, else the first of next month.
 */
export const laterStart = (today: string): string =>
  today.endsWith('-01') ? today : firstOfNextMonth(today);

/**
 * The plan year offered instead of one that starts before today: from `laterStart` (today when it is the
 * first of a month, else the first of next month) to the end given, a short plan year, when that end is
 * later; otherwise twelve months from that start.
 */
export function laterPlanYear(today: string, end: string | null): PlanYear & { short: boolean } {
  const from = laterStart(today);
  if (end !== null && end > from) return { start: from, end, short: true };
  return { start: from, end: format(twelveMonthsEnd(fromIsoDate(from)!), ISO_DATE_FORMAT), short: false };
}

/**
 * The amendment date offered instead of one before today: `laterStart` when it lies within the plan year,
 * else today when that does, else null (the plan year is over).
 */
export function laterAmendmentDate(today: string, planYearEnd: string | null): string | null {
  const from = laterStart(today);
  if (planYearEnd === null || from <= planYearEnd) return from;
  return today <= planYearEnd ? today : null;
}

export interface PlanYearProblem {
  field: PlanYearDateField;
  message: string;
}

/**
 * What the dates of a document about to be ordered on `today` break. Not an amendment: its plan-year
 * start. An amendment: its amendment effective date alone (not before today, within the plan year).
 * `renewal`: the plan year `renewalPlanYear` offers when the document renews another (its start may
 * have passed: the plan continues; a renewal's start is checked, amendment or not), null for a new plan.
 */
export function planYearProblems(
  values: Record<string, unknown>,
  today: string,
  renewal: PlanYear | null,
): PlanYearProblem[] {
  const problems: PlanYearProblem[] = [];
  const planYearStart = dateIn(values.currentPlanYearStartDate);
  const planYearEnd = dateIn(values.currentPlanYearEndDate);
  const amendment = values.amendmentToOriginal === true;
  if (planYearStart !== null && planYearStart < today) {
    if (renewal !== null && planYearStart !== renewal.start) {
      problems.push({
        field: 'currentPlanYearStartDate',
        message: PLAN_YEAR_MESSAGES.renewalStart(today, renewal),
      });
    } else if (renewal === null && !amendment) {
      const offer = laterPlanYear(today, planYearEnd);
      problems.push({
        field: 'currentPlanYearStartDate',
        message: PLAN_YEAR_MESSAGES.startBeforeToday(today, offer),
      });
    }
  }
  const amendmentDate = amendment ? dateIn(values.amendmentEffectiveDate) : null;
  if (amendmentDate !== null) {
    if (amendmentDate < today) {
      problems.push({
        field: 'amendmentEffectiveDate',
        message: PLAN_YEAR_MESSAGES.amendmentBeforeToday(today, laterAmendmentDate(today, planYearEnd)),
      });
    } else if (
      planYearStart !== null &&
      planYearEnd !== null &&
      (amendmentDate < planYearStart || amendmentDate > planYearEnd)
    ) {
      problems.push({
        field: 'amendmentEffectiveDate',
        message: PLAN_YEAR_MESSAGES.amendmentOutsidePlanYear({ start: planYearStart, end: planYearEnd }),
      });
    }
  }
  return problems;
}

/** The date field a message of these rules is about (the form shows a server's answer under it), or null. */
export function planYearFieldOf(message: string): PlanYearDateField | null {
  const fields = Object.entries(PLAN_YEAR_DATE_LABELS) as [PlanYearDateField, string][];
  return fields.find(([, label]) => message.startsWith(`${label} `))?.[0] ?? null;
}
