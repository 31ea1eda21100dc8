// Answers of the API for the NDT page's tests (never imported by the app).
import { evaluateNdt, validateNdtInput } from 'shared-domain';
import type { AppConfig, EpopDocument } from 'shared-ui';
import type { RecordedCall, StubAnswer } from 'shared-ui/testing';
import type { StoredNdtResult } from './api/get-ndt-result.js';
import { PAID_DOCUMENT } from 'shared-ui/testing';

/** A plan year that has not ended, whenever the tests run. */
const nextYear = new Date().getFullYear() + 1;

export const NDT_DOCUMENT: EpopDocument = {
  ...PAID_DOCUMENT,
  currentPlanYearStartDate: `${nextYear}-01-01`,
  currentPlanYearEndDate: `${nextYear}-12-31`,
  form: { clientCompanyName: 'Granite State Roofing' },
  createdDate: '2026-01-10T10:00:00.000Z',
  notes: null,
};

export const APP_CONFIG: AppConfig = {
  definitions: {
    keyEmployee: 'Configured: a key employee owns more than 5% of the business.',
    hce: 'Configured: an HCE received compensation above the IRS limit.',
  },
  links: { popImplementationGuide: '', employeeQuickReferenceGuide: '' },
  videoIds: {},
  support: { phone: '', email: '' },
};

/** A stored result as the server builds it, from answers it accepted. */
export function storedResult(input: Record<string, unknown>, id = 'res-1'): StoredNdtResult {
  const checked = validateNdtInput(input);
  if (!checked.ok) throw new Error(checked.errors.join('; '));
  const result = evaluateNdt(checked.value);
  return {
    id,
    documentId: NDT_DOCUMENT.documentId,
    takenBy: 'demo.broker',
    createdOn: '2026-05-04T15:30:00.000Z',
    planYearStart: NDT_DOCUMENT.currentPlanYearStartDate,
    planYearEnd: NDT_DOCUMENT.currentPlanYearEndDate,
    pass: result.pass,
    ndtResult: result.ndtResult,
    safeHarbor: result.safeHarbor,
    input: checked.value as unknown as Record<string, unknown>,
    results: result.results,
  };
}

/** The server's POST: validates (400 naming the fields) and computes with shared-domain, as cart-api does. */
export function takeTest(
  call: RecordedCall,
): StubAnswer<StoredNdtResult | { type: 'validation'; errors: string[] }> {
  const checked = validateNdtInput(call.body);
  if (!checked.ok) return { status: 400, body: { type: 'validation' as const, errors: checked.errors } };
  return { body: storedResult(call.body as Record<string, unknown>, 'res-new') };
}

/**
 * A result stored before each row carried its citation, need and remedy (issue 22): the utilization of
 * step 5a judged by head counts, its gross compensation each group's whole pay. Kept as it was stored,
 * questions included, to prove such results still render.
 */
export const OLD_SHAPE_RESULT: StoredNdtResult = {
  id: 'res-old',
  documentId: NDT_DOCUMENT.documentId,
  takenBy: 'demo.broker',
  createdOn: '2025-05-04T15:30:00.000Z',
  planYearStart: '2025-01-01',
  planYearEnd: '2025-12-31',
  pass: false,
  ndtResult: 'Fail',
  safeHarbor: false,
  input: {
    ndtAnswer1: true,
    ndtAnswer2: true,
    ndtAnswer3: false,
    ndtAnswer3a: true,
    eligibleNonHces: 12,
    totalNonHces: 16,
    eligibleHces: 4,
    totalHces: 4,
    ndtAnswer4: true,
    ndtAnswer5: false,
    grossCompensationHces: 800_000,
    grossCompensationNonHces: 480_000,
    participatingHces: 2,
    participatingNonHces: 0,
    ndtAnswer6: true,
    totalCostOfBenefits: 100_000,
    totalCostKeyEmployees: 20_000,
  },
  results: [
    {
      step: '1',
      question:
        'Can every employee enter the plan within 3 years of hire, no later than the next plan-year start?',
      answer: true,
      figures: {},
      pass: true,
      why: 'Every employee can enter within 3 years of hire, no later than the next plan-year start.',
    },
    {
      step: '2',
      question:
        'Are the same choices and the same employer contribution offered on the same terms to all eligible employees?',
      answer: true,
      figures: {},
      pass: true,
      why: 'Similarly situated participants get the same choices and the same employer contribution.',
    },
    {
      step: '3',
      question: 'Are all employees (other than those the law lets you exclude) eligible?',
      answer: false,
      figures: {},
      pass: true,
      why: 'Not every employee is eligible, so steps 3a and 3b decide the eligibility test.',
    },
    {
      step: '3a',
      question: 'Is the eligible group defined by objective business criteria?',
      answer: true,
      figures: {},
      pass: true,
      why: 'The eligible group is a reasonable classification set by objective business criteria.',
    },
    {
      step: '3b',
      question: 'The four head counts',
      answer: null,
      figures: {
        eligibleNonHces: 12,
        totalNonHces: 16,
        eligibleHces: 4,
        totalHces: 4,
        ratio: 75,
        C: 80,
        excess: 20,
        safe: 35,
        unsafe: 25,
      },
      pass: true,
      why: 'The ratio 75 is at or above the safe harbor of 35.',
    },
    {
      step: '4',
      question:
        'Does the plan only let employees pay their share of accident and health premiums before tax?',
      answer: true,
      figures: {},
      pass: true,
      why: 'The plan is premium-only, but without yes to steps 1 to 3 the tests of steps 5 to 7 still apply.',
    },
    {
      step: '5',
      question: 'Do HCEs participate at a rate no higher than other employees?',
      answer: false,
      figures: {},
      pass: true,
      why: 'HCEs may participate at a higher rate, so the figures of step 5a decide.',
    },
    {
      step: '5a',
      question: 'The four amounts (pay and participants by group)',
      answer: null,
      figures: {
        grossCompensationHces: 800_000,
        grossCompensationNonHces: 480_000,
        participatingHces: 2,
        participatingNonHces: 0,
        averagePayHces: 400_000,
        averagePayNonHces: null,
        eligibleHces: 4,
        eligibleNonHces: 12,
        hceRate: 50,
        nonHceRate: 0,
      },
      pass: false,
      why: 'HCEs participate at 50%, more than the 0% of other employees.',
    },
    {
      step: '6',
      question: 'Does the employer contribution for health coverage meet the 75% rule (or is there none)?',
      answer: true,
      figures: {},
      pass: true,
      why: 'The employer contribution for health coverage meets the 75% rule, or there is none.',
    },
    {
      step: '7',
      question: 'Total cost of benefits and cost for key employees',
      answer: null,
      figures: { totalCostOfBenefits: 100_000, totalCostKeyEmployees: 20_000, keyEmployeeShare: 20 },
      pass: true,
      why: 'Key employees receive 20% of the total cost of benefits, within the 25% limit.',
    },
  ],
};

/**
 * The note's worked utilization Fail, entered through step 3 yes (5a asks the totals): HCE participants
 * elect $40,000 on $800,000 of pay (5%), non-HCE participants $16,000 on $800,000 (2%).
 */
export const UTILIZATION_FAIL = {
  ndtAnswer1: true,
  ndtAnswer2: true,
  ndtAnswer3: true,
  ndtAnswer4: false,
  ndtAnswer5: false,
  totalNonHces: 10,
  totalHces: 2,
  participatingHces: 1,
  grossCompensationHces: 800_000,
  benefitsElectedHces: 40_000,
  participatingNonHces: 5,
  grossCompensationNonHces: 800_000,
  benefitsElectedNonHces: 16_000,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 10_000,
};
