import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { FICA_RATE, GROUP_TERM_LIFE_LIMIT } from 'shared-domain';
import { bullets, guideFrame, paragraph, section } from './frame.js';

/**
 * The POP implementation guide (issue 23 item 4): what a Section 125 Premium Only Plan is, who may
 * join, and how an employer puts one in place and keeps it, step by step. Our own text, consistent with
 * ../shared/domain/plan-documents.md and non-discrimination-testing.md (the same rules, the same
 * regulations); general information, not legal or tax advice.
 */
export const POP_IMPLEMENTATION_GUIDE_TITLE = 'POP Implementation Guide';

export const POP_IMPLEMENTATION_GUIDE_HEADINGS = {
  what: 'What a Premium Only Plan is',
  who: 'Who may join',
  steps: 'Implementing the plan, step by step',
  adopt: 'Step 1. Adopt the plan document and the resolution',
  spd: 'Step 2. Give the Summary Plan Description to your employees',
  payroll: 'Step 3. Set up payroll deductions',
  elections: 'Step 4. Collect elections: evergreen and negative enrollment',
  records: 'Step 5. Keep records',
  testing: 'Step 6. Test for non-discrimination every plan year',
  renew: 'Step 7. Renew the plan each plan year',
  changes: 'Changing elections during the plan year',
  help: 'Where to get help',
} as const;
const H = POP_IMPLEMENTATION_GUIDE_HEADINGS;

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** The example of the first section: $200 a month of premiums, a 12% federal income tax bracket. */
function savingsExample(): string {
  const yearly = 200 * 12;
  const fica = yearly * FICA_RATE;
  const income = yearly * 0.12;
  return (
    `An example: an employee who pays $200 a month for health coverage pays ${dollars(yearly)} a year. ` +
    `Paid before tax, those premiums save the employee ${dollars(fica)} of FICA (${percent(FICA_RATE)}) and, ` +
    `in the 12% bracket, ${dollars(income)} of federal income tax: ${dollars(fica + income)} a year, before ` +
    `any state income tax saved. The employer saves its matching ${percent(FICA_RATE)} of FICA on the same ` +
    `${dollars(yearly)}: ${dollars(fica)} a year for that one employee.`
  );
}

function whatItIs(): Content[] {
  return section(H.what, [
    paragraph(
      'A Premium Only Plan (POP) is the simplest cafeteria plan under Section 125 of the Internal Revenue ' +
        "Code. It offers employees one choice: receive their pay as cash, or have their share of the employer's " +
        'group insurance premiums taken from their pay before tax. Premiums paid through the plan are not ' +
        'subject to federal income tax or to Social Security and Medicare taxes (FICA), nor, in most states, ' +
        'to state income tax.',
    ),
    paragraph(
      'Premiums that can be paid through the plan include health (medical), dental and vision coverage, ' +
        `group term life insurance up to ${dollars(GROUP_TERM_LIFE_LIMIT).replace('.00', '')} of coverage, ` +
        'specified disease or illness, accident, accidental death, hospital confinement and disability ' +
        'coverage, and, where the plan allows them, contributions to a health savings account (HSA). The ' +
        'plan document lists the ones your plan covers.',
    ),
    paragraph(savingsExample()),
    paragraph(
      'The tax benefit depends on a written plan document, adopted before the plan year it covers (Prop. ' +
        'Treas. Reg. §1.125-1(c)). Without one, every premium withheld from pay is taxable. The plan ' +
        'cannot be adopted retroactively: elections and the plan apply only to pay for periods after the ' +
        'plan is adopted.',
    ),
  ]);
}

function whoMayJoin(): Content[] {
  return section(H.who, [
    paragraph(
      'Any employer whose employees pay a share of group insurance premiums may sponsor a POP: ' +
        'corporations, S corporations, limited liability companies, partnerships, sole proprietorships, ' +
        'non-profit organizations and government entities.',
    ),
    paragraph('The plan document sets who is eligible. It may require:'),
    bullets([
      'a waiting period after hire, and a minimum number of hours a week or months a year;',
      'an age or a date of eligibility, such as the first of the month after the waiting period.',
    ]),
    paragraph(
      'Whatever the rules, an employee must be able to enter the plan within three years of hire, no later ' +
        'than the first day of the plan year after meeting them. The plan may leave out union employees ' +
        'whose benefits were bargained for and nonresident aliens with no US income.',
    ),
    paragraph(
      'Only employees may pay premiums before tax. Sole proprietors, partners, members of an LLC taxed as ' +
        'a partnership and shareholders owning more than 2% of an S corporation are not employees for this ' +
        'purpose: they cannot take part, although their employees can.',
    ),
  ]);
}

function step(heading: string, blocks: Content[]): Content[] {
  return section(heading, blocks, 'step');
}

function steps(): Content[] {
  return [
    ...section(H.steps, [
      paragraph(
        'Ordering your POP document gives you three documents, made from your answers: the plan document, ' +
          'the resolution that adopts it and the Summary Plan Description (SPD). Then:',
      ),
    ]),
    ...step(H.adopt, [
      paragraph(
        'Your board of directors (the members of an LLC, the trustees of a non-profit) adopts the plan by ' +
          'signing the resolution, which names the employer as plan administrator and authorizes its ' +
          'officers to sign the plan, the SPD and the payroll changes. An authorized officer then signs the ' +
          'plan document. Sign both on or before the plan’s effective date: the plan applies only from the ' +
          'day it is adopted.',
      ),
    ]),
    ...step(H.spd, [
      paragraph(
        'Give every eligible employee the SPD, the plain-language description of the plan, within the time ' +
          'the resolution sets, and to each new employee when they become eligible. If your plan is subject ' +
          'to ERISA, each participant must receive it within 90 days after becoming one. Hand it out, mail it ' +
          'or e-mail it, and keep a record of when and to whom.',
      ),
    ]),
    ...step(H.payroll, [
      paragraph(
        'Tell your payroll provider the plan’s effective date and set each participant’s premium share up ' +
          'as a Section 125 pre-tax deduction: it comes off pay before federal income tax, FICA and (in most ' +
          'states) state income tax are figured, and is left out of the wages in boxes 1, 3 and 5 of the ' +
          'W-2. Deduct only what the employee elected, for the coverage they have.',
      ),
    ]),
    ...step(H.elections, [
      paragraph(
        'Before the plan year starts (or when an employee becomes eligible), each employee elects to pay ' +
          'their premiums before tax or to keep the cash. An election holds for the whole plan year; it ' +
          'changes only for the qualifying events below.',
      ),
      bullets([
        'Evergreen (rolling) elections: when your plan document says so, an election stays in force from ' +
          'one plan year to the next until the employee changes it, so employees need not elect again each year.',
        'Negative enrollment: when your plan document says so, an employee who enrolls in the insurance and ' +
          'does not decline is treated as electing to pay its premiums before tax. Tell each employee in ' +
          'writing, before the plan year, that this will happen and how to decline, and honour a refusal.',
      ]),
    ]),
    ...step(H.records, [
      paragraph('Keep, for at least six years after each plan year:'),
      bullets([
        'the signed plan document, the resolution and every amendment or renewal;',
        'the SPD and the record of its delivery;',
        'the elections, their changes and the qualifying events behind them;',
        'the payroll records of the deductions;',
        'each year’s non-discrimination test results.',
      ]),
    ]),
    ...step(H.testing, [
      paragraph(
        'Section 125 does not let a plan favour highly compensated employees (HCEs) or key employees. Test ' +
          'the plan each plan year, near its end, with your actual figures: eligibility (who may join), ' +
          'contributions and benefits (who elects what), and the key-employee concentration test (the ' +
          'benefits of key employees may be at most 25% of the total). A premium-only plan whose eligibility ' +
          'passes the safe harbor of the eligibility test is deemed to pass them all (Prop. Treas. Reg. ' +
          '§1.125-7(f)).',
      ),
      paragraph(
        'Run the Non-discrimination Testing of your document in the app: it asks each step, shows the ' +
          'figures and the reason for each result, and keeps the results. Print them and keep them with ' +
          'the plan document. A plan that fails costs the HCEs or key employees their tax benefit (their ' +
          'premiums become taxable pay), not the other employees.',
      ),
    ]),
    ...step(H.renew, [
      paragraph(
        'The plan year ends; the plan continues. About 60 days before the new plan year you receive a ' +
          'renewal reminder with a link to renew online: review your answers (eligibility, the premiums ' +
          'covered, the contacts), correct what changed and order the renewal, which continues the plan ' +
          'without a gap and keeps its original effective date. Adopt and sign the renewed documents, give ' +
          'employees the new SPD when the terms change, and hold the election period for the new plan year.',
      ),
    ]),
  ];
}

function electionChanges(): Content[] {
  return section(H.changes, [
    paragraph(
      'An employee may change an election during the plan year only after a qualifying event, and only in a ' +
        'way consistent with it: marriage, divorce, legal separation or annulment; birth, adoption or ' +
        'placement for adoption; the death of a spouse or dependent; a change of employment status of the ' +
        'employee, the spouse or a dependent (starting or ending a job, full-time to part-time, unpaid ' +
        'leave); a dependent gaining or losing eligibility; a move that changes the coverage available; a ' +
        'significant change of the cost or the coverage of the insurance; becoming entitled to Medicare or ' +
        'Medicaid; a court order to cover a child; and a special enrollment right under HIPAA. Ask for the ' +
        'change within the time your plan sets (usually 30 days) and keep the request with its evidence.',
    ),
  ]);
}

function help(): Content[] {
  return section(H.help, [
    paragraph(
      'Your documents, their renewal and the non-discrimination test are in the app under My POP ' +
        'Documents. For questions about the documents or the app, use Contact Us in the user menu to reach ' +
        'customer support. For questions about your insurance coverage, ask your insurance carrier or your ' +
        'broker; for tax questions, your tax adviser.',
    ),
    {
      text:
        'This guide is general information about Section 125 Premium Only Plans, not legal or tax advice. ' +
        'Your plan document and its Summary Plan Description govern your plan.',
      style: 'note',
    },
  ]);
}

/** The guide's pdfmake definition (pure: no I/O, no clock). */
export function popImplementationGuideDefinition(): TDocumentDefinitions {
  return guideFrame(POP_IMPLEMENTATION_GUIDE_TITLE, [
    { text: POP_IMPLEMENTATION_GUIDE_TITLE, style: 'title' },
    { text: 'Putting a Section 125 Premium Only Plan in place, and keeping it', style: 'subtitle' },
    ...whatItIs(),
    ...whoMayJoin(),
    ...steps(),
    ...electionChanges(),
    ...help(),
  ]);
}
