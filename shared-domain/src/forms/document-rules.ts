import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { format } from 'date-fns/format';
import { isBefore } from 'date-fns/isBefore';
import { boolean, mixed, number, object, string, ValidationError, type InferType, type Schema } from 'yup';
import { FIELD_MESSAGES } from '../messages.js';
import { DATE_DISPLAY_FORMAT, fromIsoDate, INVALID_DATE_MESSAGE } from './dates.js';
import {
  DATES_OF_ELIGIBILITY,
  LEGAL_ENTITY_TYPES,
  SEASONAL_WEEKS,
  US_STATE_IDS,
  WAITING_PERIODS,
  WORKING_HOURS_PER_WEEK,
  WORKING_MONTHS_PER_YEAR,
} from './lists.js';
import { DEFAULT_NUMERIC_MAX, MASKS } from './masks.js';

/**
 * The document form's business rules (2-documents §5), once: the order form runs them with formik and
 * cart-api runs them on the document body before it saves. Dates are ISO (YYYY-MM-DD) strings, flags
 * booleans, counts integers. The structural schema (types, lengths) is the route's TypeBox schema.
 *
 * Context: `{ colonial: true }` when the document belongs to a Colonial partner (agent number required);
 * `{ renewal: true }` when it renews another (it keeps the plan's original effective date).
 */
export const DOCUMENT_MESSAGES = {
  required: FIELD_MESSAGES.required,
  invalidEmail: 'Enter a valid e-mail address',
  invalidState: 'Choose a state from the list',
  invalidOption: 'Choose an option from the list',
  tooLarge: (max: number) => `Enter a number no greater than ${max}`,
  startBeforeEnd: 'Plan Year Start Date must be before Plan Year End Date',
  planYearTooLong: (start: string, suggestedEnd: string) =>
    `Plan year cannot be greater than 12 months. Did you mean ${start} to ${suggestedEnd}?`,
  waitingPeriod:
    'A waiting period exceeding 90 days is not compliant when health insurance is offered on a pre tax basis',
} as const;

const TEXT_MAX = 200;
const text = () => string().trim().max(TEXT_MAX);
const requiredText = (label: string) => text().required(DOCUMENT_MESSAGES.required(label));
const email = () => text().email(DOCUMENT_MESSAGES.invalidEmail);
const requiredEmail = (label: string) => email().required(DOCUMENT_MESSAGES.required(label));
const masked = (name: 'phone' | 'zip' | 'taxId', label: string) =>
  string()
    .trim()
    .required(DOCUMENT_MESSAGES.required(label))
    .matches(MASKS[name].pattern, MASKS[name].message);
const state = (label: string) =>
  string()
    .required(DOCUMENT_MESSAGES.required(label))
    .oneOf([...US_STATE_IDS], DOCUMENT_MESSAGES.invalidState);
const oneOf = (values: readonly string[]) =>
  string()
    .oneOf([...values, ''], DOCUMENT_MESSAGES.invalidOption)
    .default('');
const isoDate = () =>
  string()
    .trim()
    .test('iso-date', INVALID_DATE_MESSAGE, (value) => !value || fromIsoDate(value) !== null);
const requiredDate = (label: string) => isoDate().required(DOCUMENT_MESSAGES.required(label));
const count = (label: string, max = DEFAULT_NUMERIC_MAX) =>
  number()
    .typeError(DOCUMENT_MESSAGES.required(label))
    .integer()
    .min(0)
    .max(max, DOCUMENT_MESSAGES.tooLarge(max));
const answer = (label: string) => boolean().nullable().required(DOCUMENT_MESSAGES.required(label));
const flag = () => boolean().default(false);

/** Only when `field` is `is` (a shown field); otherwise the value is dropped (a hidden field keeps nothing). */
const onlyWhen = (field: string, is: unknown, schema: Schema) =>
  mixed().when(field, { is, then: () => schema, otherwise: () => mixed().strip() });

/**
 * The last day of a twelve-month plan year starting on `start` (start + 1 year - 1 day). A year after
 * February 29 is March 1, not the February 28 date-fns clamps to, so that plan year ends February 28.
 */
export function twelveMonthsEnd(start: Date): Date {
  const leapDay = start.getMonth() === 1 && start.getDate() === 29;
  const anniversary = leapDay ? new Date(start.getFullYear() + 1, 2, 1, 12) : addYears(start, 1);
  return addDays(anniversary, -1);
}

/** §5 plan-year rule: the message for a start and end, or null when they are fine (or not both set). */
export function planYearMessage(startIso: string | undefined, endIso: string | undefined): string | null {
  const start = fromIsoDate(startIso ?? '');
  const end = fromIsoDate(endIso ?? '');
  if (start === null || end === null) return null;
  if (!isBefore(start, end)) return DOCUMENT_MESSAGES.startBeforeEnd;
  const lastDay = twelveMonthsEnd(start);
  if (isBefore(lastDay, end)) {
    return DOCUMENT_MESSAGES.planYearTooLong(
      format(start, DATE_DISPLAY_FORMAT),
      format(lastDay, DATE_DISPLAY_FORMAT),
    );
  }
  return null;
}

/**
 * §5 waiting-period warning (a warning: it does not stop the save): only when health insurance is
 * offered pre-tax, and the period is flagged over 90 days, or is 90 days / 3 months with an eligibility
 * other than Immediately.
 */
export function waitingPeriodWarning(values: {
  healthInsurance?: boolean | null;
  requiredWaitingPeriod?: string | null;
  dateOfEligibility?: string | null;
}): string | null {
  if (values.healthInsurance !== true) return null;
  const period = WAITING_PERIODS.find((option) => option.value === values.requiredWaitingPeriod);
  if (!period) return null;
  const exceeds =
    period.overNinetyDays || (period.atNinetyDays && values.dateOfEligibility !== 'Immediately');
  return exceeds ? DOCUMENT_MESSAGES.waitingPeriod : null;
}

const BENEFIT_FLAGS = [
  'healthInsurance',
  'vision',
  'dental',
  'hsa',
  'groupTermLife',
  'specifiedDiseaseOrIllness',
  'accident',
  'accidentalDeath',
  'hospitalConfinement',
  'bridge',
  'disability',
] as const;
export type BenefitFlag = (typeof BENEFIT_FLAGS)[number];
export { BENEFIT_FLAGS };

/** Step 1: company and contact. */
const companyStep = {
  primaryEmail: requiredEmail('Primary e-mail'),
  alternateEmail1: email(),
  alternateEmail2: email(),
  accountId: text(),
  accountIdSuffix: text(),
  federalTaxId: masked('taxId', 'Federal tax id'),
  clientCompanyName: requiredText('Company name'),
  phone: masked('phone', 'Phone'),
  addressLine1: requiredText('Address line 1'),
  addressLine2: text(),
  city: requiredText('City'),
  state: state('State'),
  zipCode: masked('zip', 'Zip code'),
  benefitsContact: requiredText('Benefits contact'),
  benefitContactEmail: requiredEmail('Benefits contact e-mail'),
  additionalContactEmail1: email(),
  additionalContactEmail2: email(),
  stateOfLegalConstruction: state('State of legal construction'),
  legalEntityType: string()
    .required(DOCUMENT_MESSAGES.required('Legal entity type'))
    .oneOf([...LEGAL_ENTITY_TYPES], DOCUMENT_MESSAGES.invalidOption),
  isERISA: answer('ERISA exemption'),
  erisaPlanNumber: onlyWhen('isERISA', true, text()),
  agentNumber: text().when('$colonial', {
    is: true,
    then: (schema) => schema.required(DOCUMENT_MESSAGES.required('Agent number')),
  }),
  /** A partner's group id (the admin document page's Strategic Partner Settings; Colonial bill files). */
  groupId: text(),
};

/** Step 2: plan details. */
const planStep = {
  amendmentToOriginal: flag(),
  // The plan's original effective date: an amendment's, and a renewal's (carried forward from the
  // plan's first year, whatever this year's amendment answer: context `{ renewal: true }`).
  originalEffectiveDate: mixed().when(['amendmentToOriginal', '$renewal'], {
    is: (amendment: unknown, renewal: unknown) => amendment === true || renewal === true,
    then: () => isoDate(),
    otherwise: () => mixed().strip(),
  }),
  amendmentEffectiveDate: onlyWhen('amendmentToOriginal', true, isoDate()),
  currentPlanYearStartDate: requiredDate('Plan year start date'),
  currentPlanYearEndDate: requiredDate('Plan year end date').test('plan-year', function (end) {
    const message = planYearMessage(this.parent.currentPlanYearStartDate, end);
    return message === null || this.createError({ message });
  }),
  shortPlanYear: flag(),
  totalNumAtStartPlanYear: count('Total employees').required(DOCUMENT_MESSAGES.required('Total employees')),
  totalNumBenefitEligible: count('Benefit-eligible employees').required(
    DOCUMENT_MESSAGES.required('Benefit-eligible employees'),
  ),
  requiredWaitingPeriod: oneOf(WAITING_PERIODS.map((option) => option.value)),
  requiredWorkingHoursPerWeek: oneOf(WORKING_HOURS_PER_WEEK),
  requiredWorkingMonthsPerYear: oneOf(WORKING_MONTHS_PER_YEAR),
  dateOfEligibility: oneOf(DATES_OF_ELIGIBILITY),
  otherDateOfEligibility: onlyWhen('dateOfEligibility', 'Other', requiredDate('Other date of eligibility')),
  unionEmployeesEligible: flag(),
  seasonalEmployeesEligible: flag(),
  seasonalWorksLessThanWeeks: onlyWhen(
    'seasonalEmployeesEligible',
    true,
    count('Seasonal weeks', SEASONAL_WEEKS[SEASONAL_WEEKS.length - 1]),
  ),
  noticeTimeFrame: count('Notice timeframe', 9999).nullable().default(null),
  ...(Object.fromEntries(BENEFIT_FLAGS.map((name) => [name, flag()])) as Record<
    BenefitFlag,
    ReturnType<typeof flag>
  >),
  otherBenefitsOffered: text(),
};

/** Step 3: finish up. */
const finishStep = {
  allowHSAContributions: answer('HSA contributions'),
  hsaAmendmentEffectiveDate: onlyWhen('allowHSAContributions', true, isoDate()),
  negativeEnrollment: flag(),
  evergreenRollingEnrollment: flag(),
  affiliates: flag(),
};

export const documentSchema = object({ ...companyStep, ...planStep, ...finishStep });
export type DocumentFormValues = InferType<typeof documentSchema>;

/** Which step each field is on, so a step can show its own errors when the user tries to leave it. */
export const DOCUMENT_STEP_FIELDS = {
  1: Object.keys(companyStep),
  2: Object.keys(planStep),
  3: Object.keys(finishStep),
} as const;

/** The counts of the form: blank is null (nothing typed), not 0. */
const COUNT_FIELDS = [
  'totalNumAtStartPlanYear',
  'totalNumBenefitEligible',
  'seasonalWorksLessThanWeeks',
  'noticeTimeFrame',
];
/** The yes/no questions: blank is null (not answered), so the form can require an answer. */
const ANSWER_FIELDS = ['isERISA', 'allowHSAContributions'];

/**
 * A blank order form: every field of `documentSchema`, text '', flags false, counts and yes/no
 * answers null. The server's blank document and the form's initial values (a stored document
 * merged over it, since a save drops the fields its answers hide).
 */
export function blankDocumentForm(): Record<string, string | boolean | null> {
  return Object.fromEntries(
    Object.entries(documentSchema.fields).map(([name, field]) => {
      if (COUNT_FIELDS.includes(name) || ANSWER_FIELDS.includes(name)) return [name, null];
      return [name, (field as { type?: string }).type === 'boolean' ? false : ''];
    }),
  );
}

/**
 * The form's errors by field name (the first message of each; none: `{}`), by `documentSchema`, for
 * a form that shows each error under its field. `colonial`: the document's partner is Colonial;
 * `renewal`: the document renews another.
 */
export async function documentFieldErrors(
  values: Record<string, unknown>,
  colonial: boolean,
  renewal = false,
): Promise<Record<string, string>> {
  try {
    await documentSchema.validate(values, { abortEarly: false, context: { colonial, renewal } });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      if (issue.path && errors[issue.path] === undefined) errors[issue.path] = issue.message;
    }
    return errors;
  }
}
