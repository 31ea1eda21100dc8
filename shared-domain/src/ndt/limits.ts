/**
 * Who counts as an HCE or a key employee, with the year-dependent limits in one table
 * (non-discrimination-testing.md, "Who is who"). Each row is keyed by the calendar year the rule names:
 * the §414(q) amount by the year the pay was earned in, the §416(i)(1) officer amount by the calendar
 * year it applies to. `ndtLimitsFor` picks the rows a plan year needs.
 */
import type { IsoDate } from '../time.js';

export interface NdtLimitsRow {
  /** §414(q)(1)(B): pay earned in this calendar year above this makes an employee an HCE in the next. */
  hcePay: number;
  /** §416(i)(1)(A)(i): an officer paid more than this in this calendar year is a key employee. */
  officerPay: number;
}

/**
 * Calendar year → limits, as the IRS publishes them (2024 and 2025 pay: $155,000 and $160,000; the
 * officer limit $220,000, $230,000, $235,000 for 2024–2026). 2027 repeats the last published figures
 * until the IRS publishes its own; add a row when it does.
 */
export const NDT_LIMITS: Readonly<Record<number, NdtLimitsRow>> = {
  2024: { hcePay: 155_000, officerPay: 220_000 },
  2025: { hcePay: 160_000, officerPay: 230_000 },
  2026: { hcePay: 160_000, officerPay: 235_000 },
  2027: { hcePay: 160_000, officerPay: 235_000 },
};

/** §416(i)(1)(A)(iii): an owner of more than 1% paid more than this is a key employee (not indexed). */
export const ONE_PERCENT_OWNER_COMPENSATION = 150_000;

/**
 * The row of a calendar year. Decision (the note is silent): a year outside the table uses the
 * nearest year it holds (the first row before it, the last row after it), so a test never stops for
 * a missing row.
 */
export function ndtLimitsRow(year: number): NdtLimitsRow {
  const years = Object.keys(NDT_LIMITS)
    .map(Number)
    .sort((a, b) => a - b);
  const first = years[0] as number;
  const last = years[years.length - 1] as number;
  return NDT_LIMITS[Math.min(Math.max(year, first), last)] as NdtLimitsRow;
}

/** The limits that apply to one plan year, with the calendar year each comes from. */
export interface NdtPlanYearLimits {
  /** The HCE pay rule: pay of the year before the plan year above `limit`, the amount for `payYear`. */
  hce: { payYear: number; limit: number };
  /** The key-employee officer rule: pay above `limit`, the amount for the calendar year `year`. */
  officer: { year: number; limit: number };
}

const yearOf = (isoDate: IsoDate): number => {
  const year = /^(\d{4})-\d{2}-\d{2}/.exec(isoDate)?.[1];
  if (year === undefined) throw new Error(`not an ISO date: ${isoDate}`);
  return Number(year);
};

/**
 * The limits of a plan year (README "Non-discrimination testing"):
 * - HCE: status for a plan year looks back at the pay of the 12 months before it, against the limit of
 *   the calendar year that look-back year begins in (Notice 97-45): the year before the plan year starts;
 * - key employee: the officer limit of the calendar year the plan year ends in.
 */
export function ndtLimitsFor(planYearStart: IsoDate, planYearEnd: IsoDate): NdtPlanYearLimits {
  const payYear = yearOf(planYearStart) - 1;
  const officerYear = yearOf(planYearEnd);
  return {
    hce: { payYear, limit: ndtLimitsRow(payYear).hcePay },
    officer: { year: officerYear, limit: ndtLimitsRow(officerYear).officerPay },
  };
}

export interface NdtEmployee {
  officer?: boolean;
  /** Percent of the employer owned, 0–100. */
  ownershipPercent?: number;
  /** Pay in the plan year (key employee rules). */
  compensation?: number;
  /** Pay in the year before the plan year (the HCE pay rule). */
  priorYearCompensation?: number;
  /** Spouse or dependent of an HCE. */
  familyOfHce?: boolean;
}

/**
 * §125(e): an officer, an owner of more than 5%, paid over the §414(q) limit in the year before the
 * plan year, or the spouse or dependent of one of them. `limits`: `ndtLimitsFor(plan year)`.
 */
export function isHce(employee: NdtEmployee, limits: NdtPlanYearLimits): boolean {
  return (
    Boolean(employee.officer) ||
    (employee.ownershipPercent ?? 0) > 5 ||
    (employee.priorYearCompensation ?? 0) > limits.hce.limit ||
    Boolean(employee.familyOfHce)
  );
}

/**
 * §416(i)(1): an officer paid more than the officer limit (the rule the specs' instruction text omits),
 * an owner of more than 5%, or an owner of more than 1% paid more than $150,000. `limits`:
 * `ndtLimitsFor(plan year)`.
 */
export function isKeyEmployee(employee: NdtEmployee, limits: NdtPlanYearLimits): boolean {
  const pay = employee.compensation ?? 0;
  const owns = employee.ownershipPercent ?? 0;
  return (
    (Boolean(employee.officer) && pay > limits.officer.limit) ||
    owns > 5 ||
    (owns > 1 && pay > ONE_PERCENT_OWNER_COMPENSATION)
  );
}
