import { describe, expect, it } from '@jest/globals';
import { blankDocumentForm, documentSchema } from './document-rules.js';
import {
  firstOfNextMonth,
  laterAmendmentDate,
  laterPlanYear,
  planYearFieldOf,
  planYearProblems,
} from './plan-year.js';
import { originalEffectiveDateOf, RENEWAL_CLEARED_ANSWERS, renewalForm, renewalPlanYear } from './renewal.js';

/** ../shared/domain/plan-documents.md "Decision": no retroactive adoption; renewals continue the plan. */
describe('a new plan year', () => {
  const TODAY = '2026-11-28';

  it('offers a short plan year from the first of next month to the end given, else twelve months from then', () => {
    expect(firstOfNextMonth('2026-11-28')).toBe('2026-12-01');
    expect(firstOfNextMonth('2026-12-01')).toBe('2027-01-01');
    expect(laterPlanYear(TODAY, '2027-06-30')).toEqual({
      start: '2026-12-01',
      end: '2027-06-30',
      short: true,
    });
    expect(laterPlanYear(TODAY, '2026-11-30')).toEqual({
      start: '2026-12-01',
      end: '2027-11-30',
      short: false,
    });
    expect(laterPlanYear(TODAY, null)).toEqual({ start: '2026-12-01', end: '2027-11-30', short: false });
  });

  it('offers today when today is the first of a month (a plan year may start today)', () => {
    expect(laterPlanYear('2026-12-01', null)).toEqual({
      start: '2026-12-01',
      end: '2027-11-30',
      short: false,
    });
    expect(laterPlanYear('2026-12-01', '2027-06-30')).toEqual({
      start: '2026-12-01',
      end: '2027-06-30',
      short: true,
    });
    const [refused] = planYearProblems(
      { currentPlanYearStartDate: '2026-11-30', currentPlanYearEndDate: '2027-06-30' },
      '2026-12-01',
      null,
    );
    expect(refused?.message).toContain('for example a short plan year 12/01/2026 - 06/30/2027.');
  });

  it('may start today or later, and its amendment too; before today it is refused, naming the date', () => {
    expect(planYearProblems({ currentPlanYearStartDate: TODAY }, TODAY, null)).toEqual([]);
    expect(
      planYearProblems(
        { currentPlanYearStartDate: '2026-11-27', currentPlanYearEndDate: '2027-11-26' },
        TODAY,
        null,
      ),
    ).toEqual([
      {
        field: 'currentPlanYearStartDate',
        message:
          'Plan Year Start Date cannot be before today (11/28/2026): a plan cannot be adopted retroactively. ' +
          'Start the plan year on or after 11/28/2026, for example a short plan year 12/01/2026 - 11/26/2027.',
      },
    ]);
    const amendment = { currentPlanYearStartDate: '2026-12-01', amendmentEffectiveDate: '2026-11-01' };
    // Only an amendment's date counts (a hidden field keeps nothing).
    expect(planYearProblems(amendment, TODAY, null)).toEqual([]);
    expect(planYearProblems({ ...amendment, amendmentToOriginal: true }, TODAY, null)).toEqual([
      {
        field: 'amendmentEffectiveDate',
        message:
          'Amendment Effective Date cannot be before today (11/28/2026): an amendment cannot be adopted ' +
          'retroactively. Make it effective on or after 11/28/2026, for example 12/01/2026.',
      },
    ]);
    // Not dates (yet): the form's own rules say so.
    expect(planYearProblems({ currentPlanYearStartDate: '11/01/2026' }, TODAY, null)).toEqual([]);
  });

  it('of an amendment checks the amendment date alone: a mid-year amendment of a plan year that has started', () => {
    const midYear = {
      amendmentToOriginal: true,
      originalEffectiveDate: '2019-01-01',
      currentPlanYearStartDate: '2026-01-01',
      currentPlanYearEndDate: '2026-12-31',
    };
    // The plan year started in January: the amendment takes effect from the first of next month.
    expect(planYearProblems({ ...midYear, amendmentEffectiveDate: '2026-12-01' }, TODAY, null)).toEqual([]);
    expect(planYearProblems({ ...midYear, amendmentEffectiveDate: TODAY }, TODAY, null)).toEqual([]);
    // Before today: refused, offering the first of next month as the amendment date (not a short plan year).
    expect(planYearProblems({ ...midYear, amendmentEffectiveDate: '2026-11-01' }, TODAY, null)).toEqual([
      {
        field: 'amendmentEffectiveDate',
        message:
          'Amendment Effective Date cannot be before today (11/28/2026): an amendment cannot be adopted ' +
          'retroactively. Make it effective on or after 11/28/2026, for example 12/01/2026.',
      },
    ]);
    // Outside the plan year it amends: refused, naming the plan year.
    expect(planYearProblems({ ...midYear, amendmentEffectiveDate: '2027-01-01' }, TODAY, null)).toEqual([
      {
        field: 'amendmentEffectiveDate',
        message:
          'Amendment Effective Date must be within the plan year (01/01/2026 - 12/31/2026): an amendment takes ' +
          'effect during the plan year it amends.',
      },
    ]);
    const future = {
      ...midYear,
      currentPlanYearStartDate: '2027-01-01',
      currentPlanYearEndDate: '2027-12-31',
    };
    expect(planYearProblems({ ...future, amendmentEffectiveDate: '2026-12-15' }, TODAY, null)).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('must be within the plan year (01/01/2027'),
      }),
    ]);
    // The offer: the first of next month within the plan year, else today, else none (the year is over).
    expect(laterAmendmentDate(TODAY, '2026-11-30')).toBe(TODAY);
    expect(laterAmendmentDate('2026-12-01', '2026-12-31')).toBe('2026-12-01');
    expect(laterAmendmentDate(TODAY, '2026-11-27')).toBeNull();
    const [ended] = planYearProblems(
      { ...midYear, currentPlanYearEndDate: '2026-11-30', amendmentEffectiveDate: '2026-11-01' },
      TODAY,
      null,
    );
    expect(ended?.message).toContain('Make it effective on or after 11/28/2026, for example 11/28/2026.');
  });

  it('of a renewal may start on the day that continues the plan, though it has passed', () => {
    const offered = { start: '2026-11-19', end: '2027-11-18' };
    expect(planYearProblems({ currentPlanYearStartDate: '2026-11-19' }, TODAY, offered)).toEqual([]);
    expect(planYearProblems({ currentPlanYearStartDate: '2026-12-01' }, TODAY, offered)).toEqual([]);
    const [gap] = planYearProblems({ currentPlanYearStartDate: '2026-11-20' }, TODAY, offered);
    expect(gap).toEqual({
      field: 'currentPlanYearStartDate',
      message:
        'Plan Year Start Date of a renewal continues the plan without a gap: start it on 11/19/2026 (the plan ' +
        'year 11/19/2026 - 11/18/2027), or on or after today (11/28/2026).',
    });
    // Its amendment is checked as any amendment's: from today on, within the plan year; its start must
    // still continue the plan.
    const amended = {
      currentPlanYearStartDate: '2026-11-19',
      currentPlanYearEndDate: '2027-11-18',
      amendmentToOriginal: true,
    };
    expect(planYearProblems({ ...amended, amendmentEffectiveDate: '2026-12-01' }, TODAY, offered)).toEqual(
      [],
    );
    expect(planYearProblems({ ...amended, amendmentEffectiveDate: '2026-11-19' }, TODAY, offered)).toEqual([
      expect.objectContaining({
        field: 'amendmentEffectiveDate',
        message: expect.stringContaining('cannot be before today (11/28/2026)'),
      }),
    ]);
    expect(
      planYearProblems(
        { ...amended, currentPlanYearStartDate: '2026-11-20', amendmentEffectiveDate: '2026-12-01' },
        TODAY,
        offered,
      ),
    ).toEqual([expect.objectContaining({ field: 'currentPlanYearStartDate' })]);
  });

  it('names the field a server message is about, for the form', () => {
    expect(planYearFieldOf('Plan Year Start Date cannot be before today (11/28/2026): …')).toBe(
      'currentPlanYearStartDate',
    );
    expect(planYearFieldOf('Amendment Effective Date cannot be before today (11/28/2026): …')).toBe(
      'amendmentEffectiveDate',
    );
    expect(planYearFieldOf('Primary e-mail is required')).toBeNull();
  });
});

describe('a renewal', () => {
  it('continues the plan: the plan year after the previous one, or the one containing today when that is over too', () => {
    expect(renewalPlanYear('2026-12-31', '2026-11-28')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(renewalPlanYear('2026-11-18', '2026-11-28')).toEqual({ start: '2026-11-19', end: '2027-11-18' });
    // Ended two years ago: the plan year of the same cycle that contains today.
    expect(renewalPlanYear('2024-11-30', '2026-11-28')).toEqual({ start: '2025-12-01', end: '2026-11-30' });
    expect(renewalPlanYear('2024-11-30', '2026-12-01')).toEqual({ start: '2026-12-01', end: '2027-11-30' });
    // A short plan year is followed by a full one.
    expect(renewalPlanYear('2026-12-31', '2026-12-15')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
  });

  it("carries the original effective date forward and clears last year's amendment answers", () => {
    const previous = {
      clientCompanyName: 'Acme',
      amendmentToOriginal: true,
      originalEffectiveDate: '2019-01-01',
      amendmentEffectiveDate: '2026-04-01',
      allowHSAContributions: true,
      hsaAmendmentEffectiveDate: '2026-04-01',
      dateOfEligibility: 'Other',
      otherDateOfEligibility: '2026-04-15',
      currentPlanYearStartDate: '2026-01-01',
      currentPlanYearEndDate: '2026-12-31',
      shortPlanYear: true,
      originalDocumentId: 'the one before',
    };
    const renewal = renewalForm(
      { form: previous, planYear: { start: '2026-01-01', end: '2026-12-31' } },
      '2026-11-28',
    );
    expect(renewal).toEqual({
      planYear: { start: '2027-01-01', end: '2027-12-31' },
      form: {
        clientCompanyName: 'Acme',
        ...RENEWAL_CLEARED_ANSWERS,
        originalEffectiveDate: '2019-01-01',
        allowHSAContributions: true,
        dateOfEligibility: 'Other',
        currentPlanYearStartDate: '2027-01-01',
        currentPlanYearEndDate: '2027-12-31',
        shortPlanYear: false,
      },
    });
    // The plan's first effective date: the one named, else the amendment's, else the plan year's start.
    expect(
      originalEffectiveDateOf(
        { amendmentToOriginal: true, amendmentEffectiveDate: '2026-04-01' },
        '2026-01-01',
      ),
    ).toBe('2026-04-01');
    expect(originalEffectiveDateOf({ amendmentEffectiveDate: '2026-04-01' }, '2026-01-01')).toBe(
      '2026-01-01',
    );
    expect(originalEffectiveDateOf({ originalEffectiveDate: '2020-07-01' }, '2026-01-01')).toBe('2020-07-01');
  });

  it("keeps the plan's original effective date in the form whatever the amendment answer; a new document does not", () => {
    const values = {
      ...blankDocumentForm(),
      amendmentToOriginal: false,
      originalEffectiveDate: '2019-01-01',
    };
    // Cast (what the form sends and the server keeps): the rest of the form is not the point here.
    const renewed = documentSchema.cast(values, { context: { renewal: true }, assert: false });
    expect(renewed).toMatchObject({ originalEffectiveDate: '2019-01-01' });
    const created = documentSchema.cast(values, { context: {}, assert: false });
    expect(created).not.toHaveProperty('originalEffectiveDate');
  });
});
