import { describe, expect, it } from '@jest/globals';
import { ndtDefinitions } from 'shared-domain';
import { PLAN_DOCUMENT_HEADINGS, planDocumentPdf } from '../../src/documents/index.js';
import { expectFramed, expectInOrder, expectNoMissingValues, exampleSource, rendered } from './sources.js';

const COMPANY = 'Orchard Dental Group';
const PLAN_YEAR = '01/01/2027 - 12/31/2027';

const planDocument = (overrides: Record<string, unknown> = {}) =>
  rendered(planDocumentPdf, exampleSource(overrides));

/** The plan document (../shared/domain/plan-documents.md "Plan Document") from DOCUMENT_EXAMPLE. */
describe('planDocumentPdf', () => {
  it('names the employer, the plan and the plan year on every numbered page, with every article', async () => {
    const { text, pages } = await planDocument();
    expect(pages.length).toBeGreaterThan(1);
    expectFramed(pages, { company: COMPANY, planYear: PLAN_YEAR });
    expect(text).toContain('Orchard Dental Group Premium Only Plan Plan Document Effective 01/01/2027');
    expectInOrder(text, PLAN_DOCUMENT_HEADINGS);
    expectInOrder(text, [
      '2.1 Code.',
      'Employer.',
      'Employee.',
      'Participant.',
      'Plan Year. The period from 01/01/2027 to 12/31/2027',
      'Plan Administrator.',
      'Highly Compensated Employee.',
      'Key Employee.',
      'Premium Expenses.',
      'Affiliates.',
    ]);
    expect(text).toContain('(federal tax identification number 12-3456789)');
    expect(text).toContain('the laws of the State of Texas');
    expect(text).toMatch(
      /Adoption .*Orchard Dental Group Federal Tax ID: 12-3456789 By: _+ Name: _+ Title: _+ Date: _+/,
    );
  });

  it('lists the premiums paid before tax from the benefit flags', async () => {
    const only = await planDocument();
    expect(only.text).toContain('Health (medical) insurance');
    expect(only.text).not.toContain('Dental insurance');
    expect(only.text).not.toContain('Group term life');

    const many = await planDocument({
      dental: true,
      vision: true,
      groupTermLife: true,
      specifiedDiseaseOrIllness: true,
      accident: true,
      accidentalDeath: true,
      hospitalConfinement: true,
      bridge: true,
      disability: true,
      otherBenefitsOffered: 'Cancer insurance',
    });
    expectInOrder(many.text, [
      'Health (medical) insurance',
      'Vision insurance',
      'Dental insurance',
      'Group term life insurance, for up to $50,000 of coverage',
      'Specified disease or illness insurance',
      'Accident insurance',
      'Accidental death insurance',
      'Hospital confinement insurance',
      'Bridge (gap) insurance',
      'Disability insurance',
      'Other qualified benefits the Employer offers: Cancer insurance',
    ]);

    const none = await planDocument({ healthInsurance: false });
    expect(none.text).toContain('the insured benefits the Employer designates in writing');
  });

  it('amends and restates the original plan only when amendmentToOriginal', async () => {
    const original = await planDocument();
    expect(original.text).toContain('1.1 Establishment. Orchard Dental Group (the "Employer") establishes');
    expect(original.text).not.toMatch(/restate/i);

    const amended = await planDocument({
      amendmentToOriginal: true,
      originalEffectiveDate: '2020-01-01',
      amendmentEffectiveDate: '2027-01-01',
    });
    expect(amended.text).toContain('Plan Document Amended and Restated Effective 01/01/2027');
    expect(amended.text).toContain('1.1 Amendment and Restatement.');
    expect(amended.text).toContain('originally effective 01/01/2020');
    expect(amended.text).toContain('amends and restates the Plan in its entirety, effective 01/01/2027');
  });

  it('allows HSA contributions, from the HSA amendment effective date, only when the answer allows them', async () => {
    const without = await planDocument();
    expect(without.text).not.toMatch(/HSA|health savings account/);

    const hsa = await planDocument({ allowHSAContributions: true, hsaAmendmentEffectiveDate: '2027-03-01' });
    expect(hsa.text).toContain('Contributions to a health savings account (HSA)');
    expect(hsa.text).toContain(
      'HSA Contributions. Effective 03/01/2027, a Participant who is an eligible individual',
    );

    const undated = await planDocument({ allowHSAContributions: true });
    expect(undated.text).toContain('HSA Contributions. Effective 01/01/2027');
  });

  it('has the negative enrollment, evergreen and affiliate sections exactly when chosen', async () => {
    const none = await planDocument();
    expect(none.text).not.toContain('Negative Election');
    expect(none.text).not.toContain('Evergreen Elections');
    expect(none.text).not.toContain('Participating Affiliates');
    expect(none.text).toContain('a new election is needed for each Plan Year');
    expect(none.text).toContain('No Affiliate takes part in the Plan unless the Employer amends the Plan');

    const all = await planDocument({
      negativeEnrollment: true,
      evergreenRollingEnrollment: true,
      affiliates: true,
    });
    expect(all.text).toContain('4.4 Negative Election. An Eligible Employee who is enrolled in a Benefit');
    expect(all.text).toContain('4.5 Evergreen Elections.');
    expect(all.text).toContain('8.7 Participating Affiliates.');
    expect(all.text).not.toContain('a new election is needed for each Plan Year');
    expect(all.text).toContain('together with each Affiliate that adopts the Plan under Section 8.7');
  });

  it('words eligibility from the answers: waiting period, hours, months, entry date, union and seasonal', async () => {
    const example = await planDocument();
    expect(example.text).toContain(
      '(a benefit-eligible Employee) and has completed a waiting period of 30 days',
    );
    expect(example.text).toContain(
      'becomes a Participant on the day he or she meets the eligibility requirements',
    );
    expect(example.text).toContain('collective bargaining agreement are not eligible');
    expect(example.text).toContain(
      'Seasonal employees (Employees hired to work only during a season of the year) are not eligible.',
    );

    const answered = await planDocument({
      requiredWaitingPeriod: '0 days',
      requiredWorkingHoursPerWeek: '30 Hours',
      requiredWorkingMonthsPerYear: '1 months',
      dateOfEligibility: 'Other',
      otherDateOfEligibility: '2027-02-01',
      unionEmployeesEligible: true,
      seasonalEmployeesEligible: true,
      seasonalWorksLessThanWeeks: 20,
    });
    expect(answered.text).not.toContain('waiting period of');
    expect(answered.text).toContain(
      'and normally works at least 30 hours a week and normally works at least 1 month a year.',
    );
    expect(answered.text).toContain('becomes a Participant on 02/01/2027 or, if later, on the day');
    expect(answered.text).toContain('collective bargaining agreement are eligible on the same terms');
    expect(answered.text).toContain(
      'Seasonal employees (Employees who normally work fewer than 20 weeks a year) are eligible',
    );

    const firstOfMonth = await planDocument({ dateOfEligibility: 'First of month' });
    expect(firstOfMonth.text).toContain(
      'becomes a Participant on the first day of the month on or after the day',
    );
  });

  it('defines HCE and key employee by the one text of each, with the limits of the plan year', async () => {
    const calendar = await planDocument();
    const { hce, keyEmployee } = ndtDefinitions(undefined, '2027-01-01', '2027-12-31');
    expect(calendar.text).toContain(
      `Highly Compensated Employee. ${hce} See Code Sections 125(e) and 414(q); this amount applies to the ` +
        'Plan Year from 01/01/2027 to 12/31/2027.',
    );
    expect(calendar.text).toContain(`Key Employee. ${keyEmployee} See Code Section 416(i)`);
    // pdfText splits "416(i)(1)" where the line breaks.
    expect(calendar.text.replace('416(i) (1)', '416(i)(1)')).toContain(
      '416(i)(1); this amount applies to the Plan Year from 01/01/2027 to 12/31/2027. 2.10 Benefits.',
    );
    // 2026 pay for the HCE rule; the officer limit of 2027; officers in both.
    expect(hce).toContain('an officer, an owner of more than 5%, an employee paid more than $160,000');
    expect(hce).toContain('(the IRS limit for 2026 pay), or the spouse or dependent of any of these.');
    expect(keyEmployee).toContain('an officer paid more than $235,000 (the IRS limit for 2027;');

    // A fiscal plan year: the look-back year begins in 2025, the plan year ends in 2027.
    const fiscal = await planDocument({
      currentPlanYearStartDate: '2026-07-01',
      currentPlanYearEndDate: '2027-06-30',
    });
    expect(fiscal.text).toContain(
      'paid more than $160,000 in the year before the plan year (the IRS limit for 2025 pay)',
    );
    expect(fiscal.text).toContain('an officer paid more than $235,000 (the IRS limit for 2027;');
    expect(fiscal.text).toContain('this amount applies to the Plan Year from 07/01/2026 to 06/30/2027.');
  });

  it('describes a short plan year when set', async () => {
    const short = await planDocument({ currentPlanYearStartDate: '2027-04-01', shortPlanYear: true });
    expect(short.text).toContain('Plan Year 04/01/2027 - 12/31/2027 (short plan year)');
    expect(short.text).toContain('Plan Year. The short plan year from 04/01/2027 to 12/31/2027');
    expect((await planDocument()).text).not.toMatch(/short plan year/i);
  });

  it('prints blanks, never undefined, for a form with missing or malformed answers', async () => {
    const empty = await rendered(planDocumentPdf, {
      form: {},
      planYear: { start: '', end: '' },
      generatedOn: '',
    });
    empty.pages.forEach(expectNoMissingValues);
    // No plan year: the definitions' figures are blanks, never a placeholder.
    expect(empty.text).not.toMatch(/\{\w+\}/);
    expect(empty.text).toMatch(/an officer paid more than _{10,} \(the IRS limit for _{10,};/);
    expect(empty.text).toMatch(/_{10,} Premium Only Plan/);
    expect(empty.pages[0]).toMatch(
      /_{10,} _{10,} Premium Only Plan Plan Year _{10,} - _{10,} Generated _{10,} Plan Document Page 1 of \d$/,
    );

    const malformed = await rendered(planDocumentPdf, {
      form: {
        clientCompanyName: '  Ampersand & Sons <LLC>  ',
        federalTaxId: null,
        isERISA: 'maybe',
        healthInsurance: 'yes',
        dental: 1,
        requiredWorkingHoursPerWeek: null,
        noticeTimeFrame: 'soon',
        dateOfEligibility: 'Other',
        seasonalEmployeesEligible: true,
        seasonalWorksLessThanWeeks: { weeks: 3 },
        amendmentToOriginal: true,
        originalEffectiveDate: 'last year',
        stateOfLegalConstruction: 42,
        allowHSAContributions: true,
        hsaAmendmentEffectiveDate: null,
      },
      planYear: { start: '2027-01-01', end: '2027-12-31' },
      generatedOn: '2026-11-15T08:30:00.000Z',
    });
    expectFramed(malformed.pages, { company: 'Ampersand & Sons <LLC>', planYear: PLAN_YEAR });
    expect(malformed.text).toContain('originally effective on an earlier date');
    expect(malformed.text).toContain(
      'the laws of the state where the Employer has its principal place of business',
    );
  });
});
