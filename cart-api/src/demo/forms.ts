import type { Insertable } from 'kysely';
import type { Database } from '../db/schema.js';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20);

const WAITING = ['30 days', '60 days', '90 days', '1 month', '2 months', '0 days'] as const;
const ELIGIBILITY = ['First of month', 'Immediately', 'Fifteenth of the month', 'Other'] as const;

/**
 * A demo document's order form with every field a real order fills (issue 9): the client's company
 * block, contacts, plan details and the finish-up answers. `index` varies the answers so the demo
 * shows each branch of the form (amendment, seasonal, HSA, an Other eligibility date).
 */
export function demoForm(input: {
  client: Insertable<Database['company']>;
  planYear: { start: string; end: string };
  index: number;
  colonial: boolean;
  contact: { first: string; last: string };
}): Record<string, unknown> {
  const { client, planYear, index, colonial, contact } = input;
  const domain = `${slug(client.name)}.example`;
  const amendment = index % 3 === 1;
  const seasonal = index % 4 === 2;
  const hsa = index % 2 === 0;
  const eligibility = ELIGIBILITY[index % ELIGIBILITY.length]!;
  const employees = 12 + ((index * 17) % 90);
  return {
    primaryEmail: `owner@${domain}`,
    alternateEmail1: `office@${domain}`,
    alternateEmail2: `payroll@${domain}`,
    ...(colonial
      ? { accountId: `E${String(480000 + index * 37).padStart(6, '0')}`, accountIdSuffix: '001' }
      : { accountId: '', accountIdSuffix: '' }),
    federalTaxId: client.federal_tax_id,
    clientCompanyName: client.name,
    phone: client.phone,
    addressLine1: client.address_line1,
    addressLine2: `Suite ${100 + index}`,
    city: client.city,
    state: client.state,
    zipCode: client.zip_code,
    benefitsContact: `${contact.first} ${contact.last}`,
    benefitContactEmail: `${contact.first.toLowerCase()}@${domain}`,
    additionalContactEmail1: `hr@${domain}`,
    additionalContactEmail2: `benefits@${domain}`,
    stateOfLegalConstruction: client.state_of_legal_construction,
    legalEntityType: client.legal_entity_type,
    isERISA: index % 2 === 0,
    ...(index % 2 === 0 ? { erisaPlanNumber: String(501 + (index % 3)) } : {}),
    agentNumber: colonial ? `AG${String(7100 + index * 13)}` : '',
    groupId: colonial ? `G${String(300 + index)}` : '',
    amendmentToOriginal: amendment,
    ...(amendment ? { originalEffectiveDate: '2019-01-01', amendmentEffectiveDate: planYear.start } : {}),
    currentPlanYearStartDate: planYear.start,
    currentPlanYearEndDate: planYear.end,
    shortPlanYear: false,
    totalNumAtStartPlanYear: employees,
    totalNumBenefitEligible: Math.round(employees * 0.8),
    requiredWaitingPeriod: WAITING[index % WAITING.length],
    requiredWorkingHoursPerWeek: `${20 + (index % 4) * 5} Hours`,
    requiredWorkingMonthsPerYear: `${6 + (index % 7)} months`,
    dateOfEligibility: eligibility,
    ...(eligibility === 'Other' ? { otherDateOfEligibility: planYear.start } : {}),
    unionEmployeesEligible: index % 5 === 0,
    seasonalEmployeesEligible: seasonal,
    ...(seasonal ? { seasonalWorksLessThanWeeks: 26 } : {}),
    noticeTimeFrame: 30,
    healthInsurance: true,
    vision: index % 2 === 1,
    dental: true,
    hsa,
    groupTermLife: index % 3 === 0,
    specifiedDiseaseOrIllness: index % 4 === 0,
    accident: true,
    accidentalDeath: index % 3 === 2,
    hospitalConfinement: index % 4 === 1,
    bridge: false,
    disability: index % 2 === 0,
    otherBenefitsOffered: index % 3 === 0 ? 'Employee assistance program' : '',
    allowHSAContributions: hsa,
    ...(hsa ? { hsaAmendmentEffectiveDate: planYear.start } : {}),
    negativeEnrollment: index % 2 === 1,
    evergreenRollingEnrollment: true,
    affiliates: index % 6 === 5,
  };
}
