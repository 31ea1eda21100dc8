import { performance } from 'node:perf_hooks';
import { describe, expect, it } from '@jest/globals';
import {
  PLAN_DOCUMENT_HEADINGS,
  planDocumentPdf,
  RESOLUTION_HEADINGS,
  resolutionPdf,
  spdHeadings,
  SPD_HEADINGS,
  summaryPlanDescriptionPdf,
} from '../../src/documents/index.js';
import { demoSource, expectFramed, expectInOrder, rendered } from './sources.js';

const PLAN_YEAR = '07/01/2026 - 06/30/2027';
/** Twelve demo forms cover every branch demoForm varies (amendment, seasonal, HSA, Other date, union…). */
const INDEXES = Array.from({ length: 12 }, (_, index) => index);

/** The three PDFs of every complete demo form (cart-api/src/demo/forms.ts). */
describe('the documents of the demo forms', () => {
  it.each(INDEXES)(
    'demo form %i: three framed PDFs whose optional sections follow the answers',
    async (index) => {
      const source = demoSource(index);
      const { form } = source;
      const company = String(form.clientCompanyName);
      const frame = { company, planYear: PLAN_YEAR };

      const plan = await rendered(planDocumentPdf, source);
      expectFramed(plan.pages, frame);
      expectInOrder(plan.text, PLAN_DOCUMENT_HEADINGS);
      expect(plan.text.includes('Amended and Restated Effective')).toBe(form.amendmentToOriginal === true);
      expect(plan.text.includes('Negative Election.')).toBe(form.negativeEnrollment === true);
      expect(plan.text.includes('Evergreen Elections.')).toBe(form.evergreenRollingEnrollment === true);
      expect(plan.text.includes('HSA Contributions.')).toBe(form.allowHSAContributions === true);
      expect(plan.text.includes('Participating Affiliates.')).toBe(form.affiliates === true);
      expect(
        plan.text.includes(
          'Seasonal employees (Employees who normally work fewer than 26 weeks a year) are eligible',
        ),
      ).toBe(form.seasonalEmployeesEligible === true);
      expect(plan.text.includes('collective bargaining agreement are eligible')).toBe(
        form.unionEmployeesEligible === true,
      );
      if (form.dateOfEligibility === 'Other')
        expect(plan.text).toContain('becomes a Participant on 07/01/2026 or, if later');
      if (form.otherBenefitsOffered)
        expect(plan.text).toContain(`offers: ${String(form.otherBenefitsOffered)}`);
      expect(plan.text).toContain('the laws of the State of South Carolina');

      const spd = await rendered(summaryPlanDescriptionPdf, source);
      expectFramed(spd.pages, frame);
      expectInOrder(spd.text, spdHeadings(source));
      expect(spd.text.includes(SPD_HEADINGS.erisa)).toBe(form.isERISA === true);
      expect(spd.text).toContain(
        `Plan number ${typeof form.erisaPlanNumber === 'string' ? form.erisaPlanNumber : '501'}`,
      );

      const resolution = await rendered(resolutionPdf, source);
      expectFramed(resolution.pages, frame);
      expectInOrder(resolution.text, [...RESOLUTION_HEADINGS]);
      expect(resolution.text).toContain('within 30 days after this resolution');
    },
  );

  it('renders a warm plan document quickly (logged; the target is 250 ms)', async () => {
    const source = demoSource(0);
    await planDocumentPdf(source);
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      await planDocumentPdf(source);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `warm plan-document render: median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)})`,
    );
    expect(times[0]).toBeGreaterThan(0);
  });
});
