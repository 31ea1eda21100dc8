/**
 * Short explanations of the order form's terms and the formats it takes, in the words of the specs
 * (specs/2-documents.md §2, §5) and ../shared/domain/plan-documents.md. Shown under their fields.
 */
export const FORMAT_HELP = {
  federalTaxId: 'The employer identification number: 9 digits, as 12-3456789.',
  phone: '10 digits, as (555) 555-0100.',
  zipCode: '5 digits, or ZIP+4 as 12345-6789.',
  date: 'MM/DD/YYYY (also MM/DD/YY, YYYY-MM-DD or MMDDYYYY).',
  noticeTimeFrame:
    'Days, up to 4 digits: the resolution gives employees notice of the plan within this many days.',
  erisaPlanNumber:
    'Three digits. Leave it blank to use 501, the number a first welfare plan takes by convention.',
  stateOfLegalConstruction: 'The state whose law governs the plan.',
} as const;

export const TERM_HELP = {
  erisa:
    'ERISA is the Employee Retirement Income Security Act. Most private employers are subject to it; government entities and churches are usually exempt. Answer Yes when the employer is not exempt: the Summary Plan Description then includes the ERISA rights statement.',
  amendment:
    'Yes when this document amends or restates a plan the employer already has; it then needs the original effective date and the date the amendment takes effect.',
  shortPlanYear:
    'A plan year of less than 12 months, for example a first year that ends with the calendar year.',
  allowHsa:
    'Whether employees may put their own contributions to a Health Savings Account through the plan before tax.',
  negativeEnrollment:
    'Employees are enrolled in the pre-tax premium payments automatically unless they decline in writing (they opt out instead of opting in).',
  evergreenRollingEnrollment:
    "An employee's election carries over to each new plan year unless they change it during the election period, so no new election is needed every year.",
  affiliates:
    'Yes when related employers (under common control with this one, such as a parent or sister company) adopt this plan for their employees too.',
} as const;
