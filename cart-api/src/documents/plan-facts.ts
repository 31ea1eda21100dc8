import { formatIsoDate, formatProductDate } from 'shared-domain';
import { LEGAL_ENTITY_TYPES, US_STATES, type LegalEntityType } from 'shared-domain/forms';

/**
 * What the generated documents are built from (../shared/domain/plan-documents.md): the document's
 * order form as stored (`epop_document.json`, the fields of specs/2-documents.md §3), its plan year
 * and the day the PDF is generated.
 */
export interface DocumentSource {
  /** The order form's answers; any of them may be missing or of the wrong type. */
  form: Record<string, unknown>;
  /** The document's plan year, `YYYY-MM-DD` (the document row's; the form's dates when these are not dates). */
  planYear: { start: string; end: string };
  /** The generation day: `YYYY-MM-DD`, or an ISO timestamp (its day in New York is printed). */
  generatedOn: string;
}

/** A blank to fill in by hand, printed where an answer the text needs is missing. */
export const BLANK = '____________________';

/** The benefit flags of the form, in the order of the form, with the words the documents use. */
export const BENEFIT_LABELS = {
  healthInsurance: 'Health (medical) insurance',
  vision: 'Vision insurance',
  dental: 'Dental insurance',
  hsa: 'Contributions to a health savings account (HSA)',
  groupTermLife: 'Group term life insurance, for up to $50,000 of coverage',
  specifiedDiseaseOrIllness: 'Specified disease or illness insurance',
  accident: 'Accident insurance',
  accidentalDeath: 'Accidental death insurance',
  hospitalConfinement: 'Hospital confinement insurance',
  bridge: 'Bridge (gap) insurance',
  disability: 'Disability insurance',
} as const;

/** Who adopts the resolution for each legal entity type, and who signs for the Employer. */
export interface GoverningBody {
  /** 'Board of Directors', 'Members', 'Board of Trustees'… */
  name: string;
  /** Whether the name takes a plural verb ('the Members adopt', 'the Board adopts'). */
  plural: boolean;
  /** Who may sign the plan, the SPD and the payroll changes ('each officer of the Employer'). */
  signers: string;
  /** The title under the certificate's signature line. */
  certifier: string;
}

const BOARD: GoverningBody = {
  name: 'Board of Directors',
  plural: false,
  signers: 'each officer of the Employer',
  certifier: 'Secretary',
};

/**
 * The body named in the resolution, by `legalEntityType` (shared-domain's LEGAL_ENTITY_TYPES). The
 * domain note names the board, the members of an LLC and the trustees of a non-profit; a partnership's
 * partners, a sole proprietor and a government entity's governing board are our reading of the others.
 */
export const GOVERNING_BODIES: Record<LegalEntityType, GoverningBody> = {
  Corp: BOARD,
  'Corp - Sub Chapter S': BOARD,
  LLC: {
    name: 'Members',
    plural: true,
    signers: 'each member, manager or officer of the Employer',
    certifier: 'Secretary or Managing Member',
  },
  'Non-Profit Organization': {
    name: 'Board of Trustees',
    plural: false,
    signers: 'each officer of the Employer',
    certifier: 'Secretary',
  },
  Partnership: {
    name: 'Partners',
    plural: true,
    signers: 'each general partner of the Employer',
    certifier: 'Secretary or Managing Partner',
  },
  'Sole Prop': { name: 'Owner', plural: false, signers: 'the Owner of the Employer', certifier: 'Owner' },
  'Government Entity': {
    name: 'Governing Board',
    plural: false,
    signers: 'each officer of the Employer',
    certifier: 'Secretary or Clerk',
  },
};

/** How an Employee's entry date is described, by `dateOfEligibility`. */
export type EntryRule =
  | { kind: 'immediately' }
  | { kind: 'first-of-month' }
  | { kind: 'fifteenth' }
  | { kind: 'other'; date: string | null };

/** The answers the documents use, read defensively: a missing or malformed answer is `null` or false. */
export interface PlanFacts {
  /** The employer's name (a blank to fill in when missing). */
  company: string;
  /** '[Company] Premium Only Plan'. */
  planName: string;
  /** Printed dates, MM/DD/YYYY (the specs' date format). */
  planYearStart: string;
  planYearEnd: string;
  /** 'MM/DD/YYYY - MM/DD/YYYY'. */
  planYear: string;
  generatedOn: string;
  /**
   * The plan-year start, or the amendment effective date for an amendment; for a renewal (not marked as
   * an amendment), the plan's original effective date it carries forward (../shared/domain/plan-documents.md).
   */
  effectiveDate: string;
  /** Set when the plan amends and restates an original plan. */
  amendment: { originalEffectiveDate: string | null } | null;
  /**
   * A renewal that carries the plan's original effective date forward (`effectiveDate`): the document
   * continues the plan for its plan year, it neither establishes nor restates it.
   */
  continuing: boolean;
  shortPlanYear: boolean;
  federalTaxId: string | null;
  /** One line: street, suite, city, state and zip, whichever are given. */
  address: string | null;
  phone: string | null;
  legalEntityType: LegalEntityType | null;
  body: GoverningBody;
  /** The name of the state of legal construction (null unless it is one of the 50 states or DC). */
  governingState: string | null;
  /** The employer answered that it is not exempt from ERISA (`isERISA === true`). */
  subjectToErisa: boolean;
  /** `erisaPlanNumber`, or 501 by convention. */
  planNumber: string;
  waitingPeriod: string | null;
  hoursPerWeek: number | null;
  monthsPerYear: number | null;
  entry: EntryRule;
  unionEligible: boolean;
  seasonalEligible: boolean;
  /** A seasonal employee works fewer than this many weeks a year (only when seasonal employees are eligible). */
  seasonalWeeks: number | null;
  /** The benefit list (labels), HSA contributions included when allowed. */
  benefits: string[];
  otherBenefits: string | null;
  disability: boolean;
  /** Set when HSA contributions are allowed, with the HSA amendment effective date (or the plan's). */
  hsa: { effectiveDate: string } | null;
  negativeEnrollment: boolean;
  evergreen: boolean;
  affiliates: boolean;
  /** Days within which employees are told of the plan. */
  noticeDays: number | null;
  benefitsContact: string | null;
  benefitsContactEmail: string | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A string answer, trimmed; numbers as text; anything else (or blank) is null. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A yes answer: `true` (or the text 'true'); anything else is no. */
export function yes(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A whole number, from a number or the first digits of a text ('20 Hours' → 20). */
export function countOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  const match = typeof value === 'string' ? /^\s*(\d+)/.exec(value) : null;
  return match ? Number(match[1]) : null;
}

/** An ISO date (or timestamp) printed MM/DD/YYYY; null when it is not one. */
export function dateOf(value: unknown): string | null {
  return typeof value === 'string' && ISO_DATE.test(value.trim())
    ? formatIsoDate(value.trim().slice(0, 10))
    : null;
}

const isEntityType = (value: string | null): value is LegalEntityType =>
  value !== null && (LEGAL_ENTITY_TYPES as readonly string[]).includes(value);

function entryRule(form: Record<string, unknown>): EntryRule {
  switch (textOf(form.dateOfEligibility)) {
    case 'First of month':
      return { kind: 'first-of-month' };
    case 'Fifteenth of the month':
      return { kind: 'fifteenth' };
    case 'Other':
      return { kind: 'other', date: dateOf(form.otherDateOfEligibility) };
    default:
      // 'Immediately', or not answered: nothing delays entry beyond the requirements.
      return { kind: 'immediately' };
  }
}

function addressOf(form: Record<string, unknown>): string | null {
  const cityLine = [textOf(form.city), [textOf(form.state), textOf(form.zipCode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const parts = [textOf(form.addressLine1), textOf(form.addressLine2), cityLine || null].filter(
    (part): part is string => part !== null,
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Reads the answers of a document's form once, for the three builders. */
export function planFacts({ form, planYear, generatedOn }: DocumentSource): PlanFacts {
  const company = textOf(form.clientCompanyName) ?? BLANK;
  const start = dateOf(planYear.start) ?? dateOf(form.currentPlanYearStartDate);
  const end = dateOf(planYear.end) ?? dateOf(form.currentPlanYearEndDate);
  const planYearStart = start ?? BLANK;
  const amendment = yes(form.amendmentToOriginal)
    ? { originalEffectiveDate: dateOf(form.originalEffectiveDate) }
    : null;
  // A renewal (it names the document it renews) carries the plan's original effective date forward.
  const carried = !amendment && textOf(form.originalDocumentId) ? dateOf(form.originalEffectiveDate) : null;
  const effectiveDate = (amendment && dateOf(form.amendmentEffectiveDate)) ?? carried ?? planYearStart;
  const entityType = textOf(form.legalEntityType);
  const legalEntityType = isEntityType(entityType) ? entityType : null;
  const stateId = textOf(form.stateOfLegalConstruction);
  const governingState =
    US_STATES.find((state) => state.id === stateId?.toUpperCase() || state.name === stateId)?.name ?? null;
  const allowHsa = yes(form.allowHSAContributions);
  const benefits = (Object.keys(BENEFIT_LABELS) as (keyof typeof BENEFIT_LABELS)[])
    .filter((flag) => yes(form[flag]) || (flag === 'hsa' && allowHsa))
    .map((flag) => BENEFIT_LABELS[flag]);
  const seasonalEligible = yes(form.seasonalEmployeesEligible);
  const seasonalWeeks = seasonalEligible ? countOf(form.seasonalWorksLessThanWeeks) : null;
  const noticeDays = countOf(form.noticeTimeFrame);
  return {
    company,
    planName: `${company} Premium Only Plan`,
    planYearStart,
    planYearEnd: end ?? BLANK,
    planYear: `${planYearStart} - ${end ?? BLANK}`,
    generatedOn: Number.isNaN(Date.parse(generatedOn)) ? BLANK : formatProductDate(generatedOn),
    effectiveDate,
    amendment,
    continuing: carried !== null,
    shortPlanYear: yes(form.shortPlanYear),
    federalTaxId: textOf(form.federalTaxId),
    address: addressOf(form),
    phone: textOf(form.phone),
    legalEntityType,
    body: legalEntityType ? GOVERNING_BODIES[legalEntityType] : BOARD,
    governingState,
    subjectToErisa: yes(form.isERISA),
    planNumber: textOf(form.erisaPlanNumber) ?? '501',
    waitingPeriod: textOf(form.requiredWaitingPeriod),
    hoursPerWeek: countOf(form.requiredWorkingHoursPerWeek) || null,
    monthsPerYear: countOf(form.requiredWorkingMonthsPerYear) || null,
    entry: entryRule(form),
    unionEligible: yes(form.unionEmployeesEligible),
    seasonalEligible,
    seasonalWeeks: seasonalWeeks || null,
    benefits,
    otherBenefits: textOf(form.otherBenefitsOffered),
    disability: yes(form.disability),
    hsa: allowHsa ? { effectiveDate: dateOf(form.hsaAmendmentEffectiveDate) ?? effectiveDate } : null,
    negativeEnrollment: yes(form.negativeEnrollment),
    evergreen: yes(form.evergreenRollingEnrollment),
    affiliates: yes(form.affiliates),
    noticeDays: noticeDays && noticeDays > 0 ? noticeDays : null,
    benefitsContact: textOf(form.benefitsContact),
    benefitsContactEmail: textOf(form.benefitContactEmail),
  };
}

/** '1 day', '30 days'. */
export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** 'a, b and c'. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The waiting period as a phrase ('30 days', '1 year'), or null when there is none ('0 days'). */
export function waitingPhrase(facts: PlanFacts): string | null {
  const period = facts.waitingPeriod;
  return period === null || countOf(period) === 0 ? null : period;
}

/**
 * When an eligible Employee enters the Plan, completing '… becomes a Participant ___'; `who` is the
 * subject of 'meets the eligibility requirements' ('he or she meets', 'you meet').
 */
export function entryPhrase(facts: PlanFacts, who = 'he or she meets'): string {
  const requirements = `${who} the eligibility requirements`;
  switch (facts.entry.kind) {
    case 'first-of-month':
      return `on the first day of the month on or after the day ${requirements}`;
    case 'fifteenth':
      return `on the fifteenth day of the month on or after the day ${requirements}`;
    case 'other':
      return `on ${facts.entry.date ?? BLANK} or, if later, on the day ${requirements}`;
    case 'immediately':
      return `on the day ${requirements}`;
  }
}

/** The eligibility requirements as list items (waiting period, hours, months), possibly none. */
export function requirementPhrases(facts: PlanFacts): string[] {
  const waiting = waitingPhrase(facts);
  return [
    ...(waiting ? [`has completed a waiting period of ${waiting} of employment`] : []),
    ...(facts.hoursPerWeek ? [`normally works at least ${plural(facts.hoursPerWeek, 'hour')} a week`] : []),
    ...(facts.monthsPerYear
      ? [`normally works at least ${plural(facts.monthsPerYear, 'month')} a year`]
      : []),
  ];
}

/** The union wording, as answered. */
export function unionSentence(facts: PlanFacts): string {
  return facts.unionEligible
    ? 'Employees covered by a collective bargaining agreement are eligible on the same terms as other Employees.'
    : 'Employees covered by a collective bargaining agreement are not eligible, unless the agreement provides for their participation in the Plan.';
}

/** The seasonal wording, as answered. */
export function seasonalSentence(facts: PlanFacts): string {
  if (!facts.seasonalEligible) {
    return 'Seasonal employees (Employees hired to work only during a season of the year) are not eligible.';
  }
  const definition = facts.seasonalWeeks
    ? `Employees who normally work fewer than ${plural(facts.seasonalWeeks, 'week')} a year`
    : 'Employees hired to work only during a season of the year';
  return `Seasonal employees (${definition}) are eligible on the same terms as other Employees.`;
}
