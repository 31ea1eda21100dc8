/**
 * Who counts as an HCE or a key employee, with the year-dependent limits in one table keyed by plan
 * year (non-discrimination-testing.md, "Who is who").
 */

export interface NdtLimits {
  /** §414(q): prior-year pay above this makes an employee an HCE for the plan year. */
  hceCompensation: number;
  /** §416(i)(1): an officer paid more than this is a key employee (at most 50 officers count). */
  officerCompensation: number;
}

/** Plan year → limits. The note gives 2025 and 2026; add a row when the IRS publishes the next one. */
export const NDT_LIMITS: Readonly<Record<number, NdtLimits>> = {
  2025: { hceCompensation: 155_000, officerCompensation: 230_000 },
  2026: { hceCompensation: 160_000, officerCompensation: 235_000 },
};

/** §416(i)(1)(A)(iii): an owner of more than 1% paid more than this is a key employee (not indexed). */
export const ONE_PERCENT_OWNER_COMPENSATION = 150_000;

/**
 * The limits for a plan year. Decision (the note is silent): a year outside the table uses the nearest
 * year it holds, so a test never stops for a missing row.
 */
export function ndtLimits(planYear: number): NdtLimits {
  const years = Object.keys(NDT_LIMITS)
    .map(Number)
    .sort((a, b) => a - b);
  const year = years.filter((known) => known <= planYear).pop() ?? years[0];
  return NDT_LIMITS[year as number] as NdtLimits;
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

/** §125(e): an officer, an owner of more than 5%, paid over the §414(q) limit last year, or their family. */
export function isHce(employee: NdtEmployee, planYear: number): boolean {
  return (
    Boolean(employee.officer) ||
    (employee.ownershipPercent ?? 0) > 5 ||
    (employee.priorYearCompensation ?? 0) > ndtLimits(planYear).hceCompensation ||
    Boolean(employee.familyOfHce)
  );
}

/**
 * §416(i)(1): an officer paid more than the officer limit (the rule the specs' instruction text omits),
 * an owner of more than 5%, or an owner of more than 1% paid more than $150,000.
 */
export function isKeyEmployee(employee: NdtEmployee, planYear: number): boolean {
  const pay = employee.compensation ?? 0;
  const owns = employee.ownershipPercent ?? 0;
  return (
    (Boolean(employee.officer) && pay > ndtLimits(planYear).officerCompensation) ||
    owns > 5 ||
    (owns > 1 && pay > ONE_PERCENT_OWNER_COMPENSATION)
  );
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** The instructions' key-employee rule, the officer rule included (the note: "add it"). */
export function keyEmployeeDefinition(planYear: number): string {
  return (
    `A key employee is an officer paid more than ${dollars(ndtLimits(planYear).officerCompensation)}, ` +
    `an owner of more than 5%, or an owner of more than 1% paid more than ` +
    `${dollars(ONE_PERCENT_OWNER_COMPENSATION)}.`
  );
}
