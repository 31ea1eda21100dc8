/**
 * The one text of each NDT definition (non-discrimination-testing.md, "Who is who"): the HCE and the
 * key employee, as the instructions page, the tutorial, the configured texts (`GET
 * system-message/config/app`, seeded from these templates) and the plan document's glossary state
 * them. A template names the year-dependent figures by placeholder; `ndtDefinitions` fills them with
 * the limits of one plan year.
 */
import type { IsoDate } from '../time.js';
import { ndtLimitsFor, ONE_PERCENT_OWNER_COMPENSATION, type NdtPlanYearLimits } from './limits.js';

/** The two definitions, by the keys of the configured texts. */
export interface NdtDefinitionTexts {
  keyEmployee: string;
  hce: string;
}

/**
 * The placeholders a template may hold: `{hcePayLimit}` (the §414(q) amount, `$160,000`),
 * `{hcePayYear}` (the year of pay it is for), `{officerLimit}` (the §416(i)(1) officer amount) and
 * `{officerYear}` (its calendar year). Any other `{word}` is left as written.
 */
export const NDT_DEFINITION_PLACEHOLDERS = [
  'hcePayLimit',
  'hcePayYear',
  'officerLimit',
  'officerYear',
] as const;

/**
 * Whole dollars with thousands separators (`150000` → `$150,000`). Not `toLocaleString`: this module's
 * templates are built as it loads, in every page's start-up, and Intl's first use costs ~17 ms there.
 */
const dollars = (amount: number) =>
  `$${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * The default (and seeded) templates. The key-employee text keeps the specs' words ("owns more than 5%,
 * or owns more than 1% with compensation over $150,000") and adds the officer rule the note requires.
 */
export const NDT_DEFINITION_TEMPLATES: Readonly<NdtDefinitionTexts> = {
  hce:
    'A highly compensated employee (HCE) is an officer, an owner of more than 5%, an employee paid more ' +
    'than {hcePayLimit} in the year before the plan year (the IRS limit for {hcePayYear} pay), or the ' +
    'spouse or dependent of any of these.',
  keyEmployee:
    'A key employee is an officer paid more than {officerLimit} (the IRS limit for {officerYear}; at most ' +
    '50 officers count), or an employee who owns more than 5%, or owns more than 1% with compensation ' +
    `over ${dollars(ONE_PERCENT_OWNER_COMPENSATION)}.`,
};

/** A template with its placeholders filled from a plan year's limits. */
export function renderDefinition(template: string, limits: NdtPlanYearLimits): string {
  const values: Record<(typeof NDT_DEFINITION_PLACEHOLDERS)[number], string> = {
    hcePayLimit: dollars(limits.hce.limit),
    hcePayYear: String(limits.hce.payYear),
    officerLimit: dollars(limits.officer.limit),
    officerYear: String(limits.officer.year),
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof typeof values] : whole,
  );
}

/**
 * The two definitions for a plan year: the configured templates (the default ones for a text that is
 * missing or blank), filled with that plan year's limits (`ndtLimitsFor`).
 */
export function ndtDefinitions(
  templates: Partial<NdtDefinitionTexts> | undefined,
  planYearStart: IsoDate,
  planYearEnd: IsoDate,
): NdtDefinitionTexts {
  const limits = ndtLimitsFor(planYearStart, planYearEnd);
  const template = (key: keyof NdtDefinitionTexts) => {
    const configured = templates?.[key];
    return typeof configured === 'string' && configured.trim() !== ''
      ? configured
      : NDT_DEFINITION_TEMPLATES[key];
  };
  return {
    hce: renderDefinition(template('hce'), limits),
    keyEmployee: renderDefinition(template('keyEmployee'), limits),
  };
}

/**
 * The calendar plan year containing a day (the tutorial's example: it has no document), as ISO dates.
 * Pass `productToday()` for today in the product's time zone.
 */
export function calendarPlanYearOf(day: IsoDate): { start: IsoDate; end: IsoDate } {
  const year = day.slice(0, 4);
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}
