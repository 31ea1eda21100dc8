import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { FICA_RATE, GROUP_TERM_LIFE_LIMIT } from 'shared-domain';
import { bullets, guideFrame, paragraph, section } from './frame.js';

/**
 * The employee quick reference guide (issue 23 item 4; the fee text's "employee quick reference
 * guide"): one page an employer hands out with the SPD. Our own text, consistent with
 * ../shared/domain/plan-documents.md; general information, not tax advice.
 */
export const EMPLOYEE_QUICK_REFERENCE_TITLE = 'Employee Quick Reference Guide';

export const EMPLOYEE_QUICK_REFERENCE_HEADINGS = {
  pretax: 'What pre-tax premiums mean',
  premiums: 'Which premiums qualify',
  election: 'Your election',
  changes: 'Changes during the plan year: qualifying events',
  know: 'Good to know',
  ask: 'Whom to ask',
} as const;
const H = EMPLOYEE_QUICK_REFERENCE_HEADINGS;

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function example(): string {
  const yearly = 100 * 12;
  const rate = FICA_RATE + 0.12;
  return (
    `For example, $100 a month of premiums is ${dollars(yearly)} a year; paid before tax, with ` +
    `${(FICA_RATE * 100).toFixed(2)}% of Social Security and Medicare tax and a 12% federal income tax ` +
    `bracket, it saves you about ${dollars(yearly * rate)} a year, more where your state taxes income too.`
  );
}

/** The guide's pdfmake definition (pure: no I/O, no clock): one page, by design. */
export function employeeQuickReferenceDefinition(): TDocumentDefinitions {
  const content: Content[] = [
    { text: EMPLOYEE_QUICK_REFERENCE_TITLE, style: 'title' },
    { text: "Your employer's Premium Only Plan (Section 125) in one page", style: 'subtitle' },
    ...section(H.pretax, [
      paragraph(
        'Your share of the premiums for the insurance you choose at work is taken from your pay before ' +
          'federal income tax and Social Security and Medicare taxes (and, in most states, state income tax) ' +
          'are figured. You pay the same premium, but less tax, so you take home more.',
      ),
      paragraph(example()),
    ]),
    ...section(H.premiums, [
      paragraph(
        'The premiums your plan lists in its Summary Plan Description (SPD), such as health, dental and ' +
          `vision coverage, group term life insurance up to ${dollars(GROUP_TERM_LIFE_LIMIT).replace('.00', '')} ` +
          'of coverage, accident, disability, specified disease and hospital coverage, and, where the plan ' +
          'allows them, contributions to a health savings account.',
      ),
    ]),
    ...section(H.election, [
      paragraph(
        'You choose before the plan year starts, or when you first become eligible, to pay your premiums ' +
          'before tax or not. Your choice holds for the whole plan year. Your plan may carry it into the ' +
          'next plan year until you change it, or enroll you unless you decline: your SPD says which.',
      ),
    ]),
    ...section(H.changes, [
      paragraph('You may change your election during the plan year only after an event such as:'),
      bullets([
        'marriage, divorce, legal separation or annulment;',
        'the birth or adoption of a child, or the death of a spouse or dependent;',
        'you, your spouse or a dependent starting or ending a job, changing hours, or taking unpaid leave;',
        'a dependent gaining or losing eligibility, or a move that changes the coverage you can have;',
        'a significant change of the cost or the coverage of your insurance;',
        'becoming entitled to Medicare or Medicaid, or a court order to cover a child.',
      ]),
      paragraph(
        'Ask for the change within the time your plan sets, usually 30 days after the event; the change ' +
          'must follow from the event (a new baby lets you add the baby, not drop dental coverage).',
      ),
    ]),
    ...section(H.know, [
      bullets([
        'Pre-tax premiums lower the wages your Social Security benefit is figured on, which may lower that ' +
          'benefit slightly.',
        'When you leave your job, the deductions stop with your pay; ask about continuing your coverage.',
      ]),
    ]),
    ...section(H.ask, [
      paragraph(
        "Your employer's plan administrator (usually human resources or payroll, named in your SPD) for " +
          'your election and its changes; your insurance carrier for what your coverage pays; a tax adviser ' +
          'for your own taxes.',
      ),
      {
        text: 'General information, not tax advice. Your plan document and its SPD govern your plan.',
        style: 'note',
      },
    ]),
  ];
  return guideFrame(EMPLOYEE_QUICK_REFERENCE_TITLE, content, { fontSize: 9.5, margins: [54, 56, 54, 48] });
}
