import { describe, expect, it } from '@jest/globals';
import { SPD_HEADINGS, spdHeadings, summaryPlanDescriptionPdf } from '../../src/documents/index.js';
import { expectFramed, expectInOrder, expectNoMissingValues, exampleSource, rendered } from './sources.js';

const spd = (overrides: Record<string, unknown> = {}) =>
  rendered(summaryPlanDescriptionPdf, exampleSource(overrides));

const ALWAYS = Object.entries(SPD_HEADINGS)
  .filter(([key]) => key !== 'erisa' && key !== 'hsa')
  .map(([, heading]) => heading);

/** The summary plan description (plan-documents.md "Summary Plan Description") from DOCUMENT_EXAMPLE. */
describe('summaryPlanDescriptionPdf', () => {
  it('answers every question, framed with the employer, the plan, the plan year and page numbers', async () => {
    const { text, pages } = await spd();
    expectFramed(pages, { company: 'Orchard Dental Group', planYear: '01/01/2027 - 12/31/2027' });
    expect(text).toContain(
      'Orchard Dental Group Premium Only Plan Summary Plan Description Effective 01/01/2027',
    );
    expectInOrder(text, ALWAYS);
    expect(text).toContain('You save the FICA tax of 7.65% on the premiums, plus your income tax rate.');
    expect(text).toContain('employee of Orchard Dental Group who is eligible');
    expect(text).toContain('you have completed 30 days of employment');
    expect(text).toContain(
      'the earnings on which your Social Security benefits are based may be slightly lower',
    );
  });

  it('gives the general information: plan number 501 unless erisaPlanNumber, tax id, administrator, agent', async () => {
    const { text } = await spd();
    expectInOrder(text, [
      'General Information',
      'Plan name Orchard Dental Group Premium Only Plan',
      'Plan number 501',
      'Plan year 01/01/2027 - 12/31/2027',
      'Effective date 01/01/2027',
      'Employer (plan sponsor) Orchard Dental Group 1 Main Street, Austin, TX 73301 Phone (555) 555-0100',
      'Employer federal tax ID 12-3456789',
      'Plan Administrator Orchard Dental Group',
      'Agent for service of legal process Orchard Dental Group',
      'Type of administration Administered by the Employer.',
      'Benefits contact Pat Doe, pat@example.com',
    ]);
    expect((await spd({ erisaPlanNumber: '503' })).text).toContain('Plan number 503');
  });

  it('has the ERISA rights statement only when the employer answered it is not exempt', async () => {
    const subject = await spd({ isERISA: true });
    expect(subject.text).toContain('Your Rights Under ERISA');
    expect(subject.text).toContain('Employee Retirement Income Security Act of 1974 (ERISA)');
    for (const isERISA of [false, null, undefined]) {
      const exempt = await spd({ isERISA });
      expect(exempt.text).not.toContain('ERISA');
      expectInOrder(exempt.text, ALWAYS);
    }
  });

  it('follows the answers: HSA, enrollment, benefits, disability, amendment, affiliates, union and seasonal', async () => {
    const plain = await spd();
    expect(plain.text).not.toContain(SPD_HEADINGS.hsa);
    expect(plain.text).toContain('If you do not enroll, you receive your full pay');
    expect(plain.text).toContain('Your election lasts for one plan year');
    expect(plain.text).not.toContain('Participating employers');
    expect(plain.text).toContain('you are not eligible unless the agreement provides for it');
    expect(plain.text).toContain('Seasonal employees are not eligible.');

    const answered = await spd({
      allowHSAContributions: true,
      hsaAmendmentEffectiveDate: '2027-02-01',
      negativeEnrollment: true,
      evergreenRollingEnrollment: true,
      disability: true,
      affiliates: true,
      amendmentToOriginal: true,
      originalEffectiveDate: '2021-01-01',
      amendmentEffectiveDate: '2027-01-01',
      unionEmployeesEligible: true,
      seasonalEmployeesEligible: true,
      seasonalWorksLessThanWeeks: 16,
    });
    expect(answered.text).toContain(`${SPD_HEADINGS.hsa} Yes, from 02/01/2027`);
    expect(answered.text).toContain('Contributions to a health savings account (HSA)');
    expect(answered.text).toContain('(a negative election)');
    expect(answered.text).toContain('(an evergreen election)');
    expect(answered.text).toContain('disability benefits you later receive are taxable income');
    expect(answered.text).toContain('Participating employers Orchard Dental Group and each affiliate');
    expect(answered.text).toContain(
      'It was first effective 01/01/2021 and has been amended and restated effective 01/01/2027.',
    );
    expect(answered.text).toContain('you are eligible on the same terms as other employees');
    expect(answered.text).toContain(
      'Seasonal employees (employees who normally work fewer than 16 weeks a year) are eligible',
    );
  });

  it('names its headings for the answers', () => {
    expect(spdHeadings(exampleSource({ isERISA: false }))).toEqual(ALWAYS);
    expect(spdHeadings(exampleSource({ isERISA: true, allowHSAContributions: true }))).toEqual(
      Object.values(SPD_HEADINGS),
    );
  });

  it('prints no missing value for an empty form', async () => {
    const empty = await rendered(summaryPlanDescriptionPdf, {
      form: {},
      planYear: { start: '2027-01-01', end: '2027-12-31' },
      generatedOn: '2026-11-15',
    });
    empty.pages.forEach(expectNoMissingValues);
    expect(empty.text).toContain('Plan number 501');
    expect(empty.text).not.toContain('ERISA');
  });
});
