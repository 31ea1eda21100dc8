/**
 * The option lists of the specs (2-documents §3 "Option lists", 3-admin §5), one copy for every form
 * and for the server's checks.
 */

export interface UsState {
  /** Two-letter id, the value stored. */
  id: string;
  name: string;
}

/** The 50 states plus DC, by name. */
export const US_STATES: readonly UsState[] = [
  { id: 'AL', name: 'Alabama' },
  { id: 'AK', name: 'Alaska' },
  { id: 'AZ', name: 'Arizona' },
  { id: 'AR', name: 'Arkansas' },
  { id: 'CA', name: 'California' },
  { id: 'CO', name: 'Colorado' },
  { id: 'CT', name: 'Connecticut' },
  { id: 'DE', name: 'Delaware' },
  { id: 'DC', name: 'District of Columbia' },
  { id: 'FL', name: 'Florida' },
  { id: 'GA', name: 'Georgia' },
  { id: 'HI', name: 'Hawaii' },
  { id: 'ID', name: 'Idaho' },
  { id: 'IL', name: 'Illinois' },
  { id: 'IN', name: 'Indiana' },
  { id: 'IA', name: 'Iowa' },
  { id: 'KS', name: 'Kansas' },
  { id: 'KY', name: 'Kentucky' },
  { id: 'LA', name: 'Louisiana' },
  { id: 'ME', name: 'Maine' },
  { id: 'MD', name: 'Maryland' },
  { id: 'MA', name: 'Massachusetts' },
  { id: 'MI', name: 'Michigan' },
  { id: 'MN', name: 'Minnesota' },
  { id: 'MS', name: 'Mississippi' },
  { id: 'MO', name: 'Missouri' },
  { id: 'MT', name: 'Montana' },
  { id: 'NE', name: 'Nebraska' },
  { id: 'NV', name: 'Nevada' },
  { id: 'NH', name: 'New Hampshire' },
  { id: 'NJ', name: 'New Jersey' },
  { id: 'NM', name: 'New Mexico' },
  { id: 'NY', name: 'New York' },
  { id: 'NC', name: 'North Carolina' },
  { id: 'ND', name: 'North Dakota' },
  { id: 'OH', name: 'Ohio' },
  { id: 'OK', name: 'Oklahoma' },
  { id: 'OR', name: 'Oregon' },
  { id: 'PA', name: 'Pennsylvania' },
  { id: 'RI', name: 'Rhode Island' },
  { id: 'SC', name: 'South Carolina' },
  { id: 'SD', name: 'South Dakota' },
  { id: 'TN', name: 'Tennessee' },
  { id: 'TX', name: 'Texas' },
  { id: 'UT', name: 'Utah' },
  { id: 'VT', name: 'Vermont' },
  { id: 'VA', name: 'Virginia' },
  { id: 'WA', name: 'Washington' },
  { id: 'WV', name: 'West Virginia' },
  { id: 'WI', name: 'Wisconsin' },
  { id: 'WY', name: 'Wyoming' },
];

export const US_STATE_IDS: readonly string[] = US_STATES.map((state) => state.id);

export function isUsStateId(value: string): boolean {
  return US_STATE_IDS.includes(value);
}

/** The seven legal entity types; the label is also the value stored. */
export const LEGAL_ENTITY_TYPES = [
  'Corp',
  'Sole Prop',
  'Partnership',
  'Corp - Sub Chapter S',
  'Non-Profit Organization',
  'LLC',
  'Government Entity',
] as const;
export type LegalEntityType = (typeof LEGAL_ENTITY_TYPES)[number];

export interface WaitingPeriod {
  /** The value stored, also the label. */
  value: string;
  /** 2-documents §5: the options that exceed 90 days whatever the date of eligibility. */
  overNinetyDays: boolean;
  /** 90 days and 3 months: over 90 days unless eligibility is Immediately (§5). */
  atNinetyDays: boolean;
}

const days = (n: number): WaitingPeriod => ({
  value: `${n} days`,
  overNinetyDays: n > 90,
  atNinetyDays: n === 90,
});
const months = (n: number): WaitingPeriod => ({
  value: n === 1 ? '1 month' : `${n} months`,
  overNinetyDays: n > 3,
  atNinetyDays: n === 3,
});

/** The 21 waiting periods: 0, 30, 45, 59, 60, 90, 120 and 180 days; 1 to 12 months; 1 year. */
export const WAITING_PERIODS: readonly WaitingPeriod[] = [
  ...[0, 30, 45, 59, 60, 90, 120, 180].map(days),
  ...Array.from({ length: 12 }, (_, index) => months(index + 1)),
  { value: '1 year', overNinetyDays: true, atNinetyDays: false },
];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Working hours per week: '1 Hours' to '40 Hours' (the specs' wording). */
export const WORKING_HOURS_PER_WEEK: readonly string[] = range(1, 40).map((n) => `${n} Hours`);
/** Working months per year: '1 months' to '12 months'. */
export const WORKING_MONTHS_PER_YEAR: readonly string[] = range(1, 12).map((n) => `${n} months`);
/** Seasonal weeks threshold: 0 to 51. */
export const SEASONAL_WEEKS: readonly number[] = range(0, 51);

export const DATES_OF_ELIGIBILITY = [
  'First of month',
  'Immediately',
  'Fifteenth of the month',
  'Other',
] as const;
export type DateOfEligibility = (typeof DATES_OF_ELIGIBILITY)[number];
