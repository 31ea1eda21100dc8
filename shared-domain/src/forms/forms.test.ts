import { describe, expect, it } from '@jest/globals';
import {
  nextPlanYear,
  readyForRenewal,
  DOCUMENT_MESSAGES,
  DOCUMENT_STEP_FIELDS,
  LEGAL_ENTITY_TYPES,
  MASKS,
  SEASONAL_WEEKS,
  US_STATES,
  WAITING_PERIODS,
  WORKING_HOURS_PER_WEEK,
  WORKING_MONTHS_PER_YEAR,
  displayDate,
  documentSchema,
  fullYear,
  parseDateInput,
  planYearMessage,
  toIsoDate,
  waitingPeriodWarning,
} from './index.js';

describe('option lists', () => {
  it('holds the 50 states plus DC, each once, and the seven legal entity types', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.id)).size).toBe(51);
    expect(US_STATES.find((state) => state.id === 'DC')?.name).toBe('District of Columbia');
    expect(LEGAL_ENTITY_TYPES).toEqual([
      'Corp',
      'Sole Prop',
      'Partnership',
      'Corp - Sub Chapter S',
      'Non-Profit Organization',
      'LLC',
      'Government Entity',
    ]);
  });

  it('has the 21 waiting periods and the ranges of §3', () => {
    expect(WAITING_PERIODS.map((option) => option.value)).toEqual([
      '0 days', '30 days', '45 days', '59 days', '60 days', '90 days', '120 days', '180 days',
      '1 month', '2 months', '3 months', '4 months', '5 months', '6 months', '7 months', '8 months',
      '9 months', '10 months', '11 months', '12 months', '1 year',
    ]); // prettier-ignore
    expect(WAITING_PERIODS.filter((option) => option.overNinetyDays).map((option) => option.value)).toEqual([
      '120 days', '180 days', '4 months', '5 months', '6 months', '7 months', '8 months', '9 months',
      '10 months', '11 months', '12 months', '1 year',
    ]); // prettier-ignore
    expect([WORKING_HOURS_PER_WEEK[0], WORKING_HOURS_PER_WEEK.at(-1)]).toEqual(['1 Hours', '40 Hours']);
    expect([WORKING_MONTHS_PER_YEAR[0], WORKING_MONTHS_PER_YEAR.at(-1)]).toEqual(['1 months', '12 months']);
    expect([SEASONAL_WEEKS[0], SEASONAL_WEEKS.at(-1), SEASONAL_WEEKS.length]).toEqual([0, 51, 52]);
  });
});

describe('date input', () => {
  it.each([
    ['03/15/2026', '2026-03-15'],
    ['03/15/26', '2026-03-15'],
    ['26-03-15', '2026-03-15'],
    ['2026-03-15', '2026-03-15'],
    ['03152026', '2026-03-15'],
    [' 12/31/1999 ', '1999-12-31'],
    ['02/29/2028', '2028-02-29'],
  ])('reads %j as %s', (text, iso) => {
    expect(toIsoDate(text)).toBe(iso);
  });

  it.each([
    '02/30/2026',
    '13/01/2026',
    '00/10/2026',
    '02/29/2027',
    '2026-02-30',
    '3/15/2026',
    '031526',
    'tomorrow',
    '',
  ])('refuses %j', (text) => {
    expect(parseDateInput(text)).toBeNull();
  });

  it('reads two-digit years by a fixed rule: 69-99 are 19xx, 00-68 are 20xx', () => {
    expect([fullYear('00'), fullYear('68'), fullYear('69'), fullYear('99')]).toEqual([
      '2000',
      '2068',
      '1969',
      '1999',
    ]);
    expect(toIsoDate('01/01/68')).toBe('2068-01-01');
    expect(toIsoDate('69-01-01')).toBe('1969-01-01');
  });

  it('shows an ISO date as MM/DD/YYYY and leaves other text alone', () => {
    expect(displayDate('2026-03-05')).toBe('03/05/2026');
    expect(displayDate('03/0')).toBe('03/0');
  });
});

describe('masks', () => {
  it('accept what their masks produce and nothing else', () => {
    expect(MASKS.phone.pattern.test('(555) 123-4567')).toBe(true);
    expect(MASKS.phone.pattern.test('5551234567')).toBe(false);
    expect(['12345', '12345-6789'].every((zip) => MASKS.zip.pattern.test(zip))).toBe(true);
    expect(MASKS.zip.pattern.test('1234')).toBe(false);
    expect(MASKS.taxId.pattern.test('12-3456789')).toBe(true);
    expect(MASKS.aba.pattern.test('12345678')).toBe(false);
    expect(MASKS.cardNumber.pattern.test('3782 822463 10005')).toBe(true);
    expect(MASKS.cardNumber.pattern.test('4111 1111 1111 1111')).toBe(true);
    expect(MASKS.cardNumber.pattern.test('4111 1111 1111 111')).toBe(false);
  });
});

describe('plan year and waiting period', () => {
  it('asks for a start before the end', () => {
    expect(planYearMessage('2026-01-01', '2026-01-01')).toBe(
      'Plan Year Start Date must be before Plan Year End Date',
    );
    expect(planYearMessage('2026-02-01', '2026-01-01')).toBe(DOCUMENT_MESSAGES.startBeforeEnd);
  });

  it('refuses more than twelve months and suggests the twelve-month end, MM/DD/YYYY', () => {
    expect(planYearMessage('2026-01-01', '2026-12-31')).toBeNull();
    expect(planYearMessage('2027-03-01', '2028-02-29')).toBeNull();
    expect(planYearMessage('2026-01-01', '2027-01-01')).toBe(
      'Plan year cannot be greater than 12 months. Did you mean 01/01/2026 to 12/31/2026?',
    );
    expect(planYearMessage('2028-02-29', '2029-03-01')).toBe(
      'Plan year cannot be greater than 12 months. Did you mean 02/29/2028 to 02/28/2029?',
    );
  });

  it('warns about waiting periods over 90 days only when health insurance is offered (§5)', () => {
    const warn = (
      requiredWaitingPeriod: string,
      dateOfEligibility = 'First of month',
      healthInsurance = true,
    ) => waitingPeriodWarning({ requiredWaitingPeriod, dateOfEligibility, healthInsurance });
    expect(warn('120 days')).toBe(
      'A waiting period exceeding 90 days is not compliant when health insurance is offered on a pre tax basis',
    );
    expect(warn('1 year')).toBe(DOCUMENT_MESSAGES.waitingPeriod);
    expect(warn('4 months', 'Immediately')).toBe(DOCUMENT_MESSAGES.waitingPeriod);
    expect(warn('90 days')).toBe(DOCUMENT_MESSAGES.waitingPeriod);
    expect(warn('3 months', 'Other')).toBe(DOCUMENT_MESSAGES.waitingPeriod);
    expect(warn('90 days', 'Immediately')).toBeNull();
    expect(warn('3 months', 'Immediately')).toBeNull();
    expect(warn('60 days')).toBeNull();
    expect(warn('2 months')).toBeNull();
    expect(warn('180 days', 'First of month', false)).toBeNull();
  });
});

describe('documentSchema', () => {
  const valid = {
    primaryEmail: 'owner@acme.test',
    federalTaxId: '12-3456789',
    clientCompanyName: 'Acme',
    phone: '(555) 123-4567',
    addressLine1: '1 Main St',
    city: 'Columbia',
    state: 'SC',
    zipCode: '29201',
    benefitsContact: 'Pat Doe',
    benefitContactEmail: 'pat@acme.test',
    stateOfLegalConstruction: 'SC',
    legalEntityType: 'LLC',
    isERISA: false,
    currentPlanYearStartDate: '2026-01-01',
    currentPlanYearEndDate: '2026-12-31',
    totalNumAtStartPlanYear: 12,
    totalNumBenefitEligible: 10,
    allowHSAContributions: false,
  };
  const errorsOf = async (values: object, context: object = {}) => {
    try {
      await documentSchema.validate(values, { abortEarly: false, context });
      return {};
    } catch (error) {
      const { inner } = error as { inner: Array<{ path: string; message: string }> };
      return Object.fromEntries(inner.map((item) => [item.path, item.message]));
    }
  };

  it('accepts a complete document and drops the values of hidden fields', async () => {
    expect(await errorsOf(valid)).toEqual({});
    const cast = await documentSchema.validate({
      ...valid,
      erisaPlanNumber: '501',
      seasonalWorksLessThanWeeks: 10,
      hsaAmendmentEffectiveDate: '2026-01-01',
    });
    expect(cast).not.toHaveProperty('erisaPlanNumber');
    expect(cast).not.toHaveProperty('seasonalWorksLessThanWeeks');
    expect(cast).not.toHaveProperty('hsaAmendmentEffectiveDate');
  });

  it('names every required field of steps 1 to 3 when empty', async () => {
    const errors = await errorsOf({});
    expect(Object.keys(errors).sort()).toEqual(
      [
        'primaryEmail', 'federalTaxId', 'clientCompanyName', 'phone', 'addressLine1', 'city', 'state',
        'zipCode', 'benefitsContact', 'benefitContactEmail', 'stateOfLegalConstruction', 'legalEntityType',
        'isERISA', 'currentPlanYearStartDate', 'currentPlanYearEndDate', 'totalNumAtStartPlanYear',
        'totalNumBenefitEligible', 'allowHSAContributions',
      ].sort(),
    ); // prettier-ignore
    expect(errors.clientCompanyName).toBe('Company name is required');
    for (const field of Object.keys(errors)) {
      expect(
        Object.values(DOCUMENT_STEP_FIELDS).some((fields) => (fields as readonly string[]).includes(field)),
      ).toBe(true);
    }
  });

  it('checks masks, lists, dates, the plan year and the Colonial agent number', async () => {
    const errors = await errorsOf(
      {
        ...valid,
        phone: '555-1234',
        zipCode: '2920',
        federalTaxId: '123456789',
        state: 'XX',
        legalEntityType: 'Trust',
        currentPlanYearEndDate: '2027-06-30',
        totalNumAtStartPlanYear: 1_000_000,
        dateOfEligibility: 'Other',
        otherDateOfEligibility: '2026-02-30',
      },
      { colonial: true },
    );
    expect(errors).toEqual({
      phone: MASKS.phone.message,
      zipCode: MASKS.zip.message,
      federalTaxId: MASKS.taxId.message,
      state: 'Choose a state from the list',
      legalEntityType: 'Choose an option from the list',
      currentPlanYearEndDate:
        'Plan year cannot be greater than 12 months. Did you mean 01/01/2026 to 12/31/2026?',
      totalNumAtStartPlanYear: 'Enter a number no greater than 999999',
      otherDateOfEligibility: 'Enter a valid date (mm/dd/yyyy)',
      agentNumber: 'Agent number is required',
    });
  });
});

describe('renewal', () => {
  const paid = { status: 'Paid', active: true, planYearEnd: '2026-12-31', renewed: false };
  it('is ready from 90 days before the plan year ends, and after it, once', () => {
    expect(readyForRenewal(paid, '2026-10-01')).toBe(false); // 91 days before
    expect(readyForRenewal(paid, '2026-10-02')).toBe(true); // 90 days before
    expect(readyForRenewal(paid, '2027-03-01')).toBe(true); // past the end
    expect(readyForRenewal({ ...paid, renewed: true }, '2026-12-01')).toBe(false);
    expect(readyForRenewal({ ...paid, status: 'Unpaid' }, '2026-12-01')).toBe(false);
    expect(readyForRenewal({ ...paid, active: false }, '2026-12-01')).toBe(false);
  });
  it('renews into the next twelve months', () => {
    expect(nextPlanYear('2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(nextPlanYear('2027-06-30')).toEqual({ start: '2027-07-01', end: '2028-06-30' });
    // A plan year starting February 29 ends February 28.
    expect(nextPlanYear('2028-02-28')).toEqual({ start: '2028-02-29', end: '2029-02-28' });
  });
});
