import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { renderPdf } from '../lib/pdf.js';
import { bullets, documentFrame, paragraph, section, titleBlock } from './frame.js';
import {
  BLANK,
  entryPhrase,
  listOf,
  plural,
  planFacts,
  waitingPhrase,
  type DocumentSource,
  type PlanFacts,
} from './plan-facts.js';

export const SUMMARY_PLAN_DESCRIPTION_TITLE = 'Summary Plan Description';

/** The SPD's questions and sections, in order; the last two are optional (see `spdHeadings`). */
export const SPD_HEADINGS = {
  what: 'What is the Plan?',
  eligibility: 'Who is eligible, and when can I join?',
  howItWorks: 'How does paying premiums before tax work?',
  savings: 'How much can I save?',
  premiums: 'Which premiums can I pay before tax?',
  hsa: 'Can I contribute to a health savings account?',
  enrollment: 'How do I enroll, and how long does my election last?',
  changes: 'When can I change my election?',
  leaving: 'What happens if I leave employment?',
  socialSecurity: 'Does the Plan affect my Social Security?',
  limits: 'Are there limits for highly compensated and key employees?',
  claims: 'How do I make a claim?',
  amendment: 'Can the Plan be changed or ended?',
  general: 'General Information',
  erisa: 'Your Rights Under ERISA',
} as const;

function eligibility(facts: PlanFacts): string {
  const waiting = waitingPhrase(facts);
  const requirements = [
    ...(waiting ? [`you have completed ${waiting} of employment`] : []),
    ...(facts.hoursPerWeek
      ? [`you normally work at least ${plural(facts.hoursPerWeek, 'hour')} a week`]
      : []),
    ...(facts.monthsPerYear
      ? [`you normally work at least ${plural(facts.monthsPerYear, 'month')} a year`]
      : []),
  ];
  const union = facts.unionEligible
    ? 'If you are covered by a collective bargaining agreement, you are eligible on the same terms as other employees.'
    : 'If you are covered by a collective bargaining agreement, you are not eligible unless the agreement provides for it.';
  const seasonal = facts.seasonalEligible
    ? `Seasonal employees${facts.seasonalWeeks ? ` (employees who normally work fewer than ${plural(facts.seasonalWeeks, 'week')} a year)` : ''} are eligible on the same terms as other employees.`
    : 'Seasonal employees are not eligible.';
  return (
    `You are eligible if you are an employee of ${facts.company} who is eligible for at least one of the insurance ` +
    'benefits listed below' +
    (requirements.length > 0 ? ` and ${listOf(requirements)}` : '') +
    `. ${union} ${seasonal} You join the Plan ${entryPhrase(facts, 'you meet')}, once you have enrolled. ` +
    'Self-employed individuals, such as sole proprietors, partners and shareholders owning more than 2% of an ' +
    'S corporation, cannot take part.'
  );
}

function premiums(facts: PlanFacts): Content[] {
  const listed = [
    ...facts.benefits,
    ...(facts.otherBenefits ? [`Other benefits: ${facts.otherBenefits}`] : []),
  ];
  return [
    paragraph(
      listed.length > 0
        ? 'You may pay your share of the premiums for the following benefits before tax, for yourself and for the ' +
            'spouse and dependents the coverage includes:'
        : 'You may pay before tax your share of the premiums for the insured benefits the Employer designates before enrollment.',
    ),
    ...(listed.length > 0 ? [bullets(listed)] : []),
    paragraph(
      'Each benefit is provided by its insurance contract, which decides who is covered and for what; the Plan only ' +
        'lets you pay its premiums before tax.' +
        (facts.disability
          ? ' Because disability premiums paid before tax are not taxed, disability benefits you later receive are taxable income.'
          : ''),
    ),
  ];
}

function enrollment(facts: PlanFacts): string {
  return (
    'Before each plan year the Employer holds an enrollment period, when you choose the benefits whose premiums ' +
    'you will pay before tax. If you become eligible during the plan year, you may enroll within 30 days. ' +
    (facts.negativeEnrollment
      ? 'If you are enrolled in a benefit and do not make a choice, you are treated as having chosen to pay your share ' +
        'of its premiums before tax (a negative election); you may decline in writing during the enrollment period. '
      : 'If you do not enroll, you receive your full pay and pay any premiums after tax. ') +
    (facts.evergreen
      ? 'Your election carries over from one plan year to the next (an evergreen election), adjusted for premium ' +
        'changes, unless you change it during the enrollment period.'
      : 'Your election lasts for one plan year: you enroll again for each plan year.')
  );
}

const CHANGE_EVENTS = [
  'marriage, divorce, legal separation or annulment',
  'birth, adoption or placement for adoption of a child, or the death of a spouse or dependent',
  "a change in your, your spouse's or a dependent's employment that affects eligibility for coverage",
  'a dependent gaining or losing eligibility, or a move that affects coverage',
  'a special enrollment right under HIPAA, a court order requiring health coverage for your child, or becoming entitled to (or losing) Medicare or Medicaid',
  "a significant change in the cost or coverage of a benefit, or a change under your spouse's employer's plan",
  'a leave under the Family and Medical Leave Act',
  "a reduction in your hours to fewer than 30 a week, or enrolling in Marketplace coverage, when you mean to leave the Employer's health coverage",
];

function generalInformation(facts: PlanFacts): Content {
  const withContact = (name: string) =>
    [name, facts.address, facts.phone ? `Phone ${facts.phone}` : null].filter(Boolean).join('\n');
  const rows: [string, string][] = [
    ['Plan name', facts.planName],
    ['Plan number', facts.planNumber],
    ['Plan year', `${facts.planYear}${facts.shortPlanYear ? ' (a short plan year)' : ''}`],
    [
      'Effective date',
      facts.amendment
        ? `${facts.effectiveDate} (amended and restated; originally effective ${facts.amendment.originalEffectiveDate ?? BLANK})`
        : facts.effectiveDate,
    ],
    ['Type of plan', 'Cafeteria plan under Section 125 of the Internal Revenue Code (premium only plan)'],
    ['Employer (plan sponsor)', withContact(facts.company)],
    ['Employer federal tax ID', facts.federalTaxId ?? BLANK],
    ['Plan Administrator', withContact(facts.company)],
    ['Agent for service of legal process', `${facts.company}, as Plan Administrator, at the address above`],
    [
      'Type of administration',
      'Administered by the Employer. The benefits are provided under insurance contracts; premiums are paid from ' +
        "salary reductions and the Employer's general assets, with no trust.",
    ],
    ...(facts.benefitsContact
      ? ([
          [
            'Benefits contact',
            [facts.benefitsContact, facts.benefitsContactEmail]
              .filter((part): part is string => part !== null)
              .join(', '),
          ],
        ] as [string, string][])
      : []),
    ...(facts.affiliates
      ? ([
          [
            'Participating employers',
            `${facts.company} and each affiliate that adopts the Plan with its consent; the Plan Administrator gives the list on request.`,
          ],
        ] as [string, string][])
      : []),
  ];
  return {
    table: {
      widths: [150, '*'],
      body: rows.map(([label, value]) => [{ text: label, bold: true }, value]),
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 8],
  };
}

function erisaRights(facts: PlanFacts): Content[] {
  const part = (title: string, text: string): Content =>
    paragraph([{ text: `${title}. `, bold: true }, text]);
  return section(SPD_HEADINGS.erisa, [
    paragraph(
      `As a participant in the ${facts.planName} you have rights and protections under the Employee Retirement ` +
        'Income Security Act of 1974 (ERISA):',
    ),
    part(
      'Information about the Plan',
      "You may look at the Plan's documents, including the insurance contracts and any annual report (Form 5500) " +
        "the Plan files with the U.S. Department of Labor, free of charge at the Plan Administrator's office. On " +
        'written request the Plan Administrator sends you copies, and may charge a reasonable amount for them.',
    ),
    part(
      'Continued health coverage',
      'If your group health coverage ends because of a qualifying event, you, your spouse or your dependents may be ' +
        'able to continue it at your own cost (COBRA continuation coverage). The insurance documents explain the rules.',
    ),
    part(
      'Duties of the people who run the Plan',
      'Those who run the Plan (its fiduciaries) must do so prudently and in the interest of all participants. No one, ' +
        'including your employer, may dismiss you or act against you to stop you from getting a benefit or using your ' +
        'rights under ERISA.',
    ),
    part(
      'Enforcing your rights',
      'If a claim is denied in whole or in part, you are entitled to know why, to receive free copies of the ' +
        'documents the decision relied on, and to have it reviewed within set time limits. You may then sue in a state ' +
        'or federal court. If documents you asked for do not arrive within 30 days, you may sue in federal court, which ' +
        'may order the Plan Administrator to pay you up to $110 for each day of delay unless the delay was beyond its ' +
        "control. If the Plan's money is misused, or you are penalized for using your rights, you may ask the " +
        'Department of Labor for help or sue in federal court. The court decides who pays the costs and fees, and may ' +
        'make you pay them if it finds your claim frivolous.',
    ),
    part(
      'Help with questions',
      'Ask the Plan Administrator about the Plan. For questions about this statement or your rights under ERISA, or ' +
        'for help getting documents from the Plan Administrator, contact the Employee Benefits Security ' +
        'Administration of the U.S. Department of Labor (www.dol.gov/ebsa, 1-866-444-3272).',
    ),
  ]);
}

/** The SPD's headings for these answers: the ERISA rights only when not exempt, HSA only when allowed. */
export function spdHeadings(source: DocumentSource): string[] {
  const facts = planFacts(source);
  return Object.entries(SPD_HEADINGS)
    .filter(([key]) => (key === 'erisa' ? facts.subjectToErisa : key === 'hsa' ? facts.hsa !== null : true))
    .map(([, heading]) => heading);
}

/** The summary plan description's pdfmake definition, from a document's answers (pure). */
export function summaryPlanDescriptionDefinition(source: DocumentSource): TDocumentDefinitions {
  const facts = planFacts(source);
  const h = SPD_HEADINGS;
  const content: Content[] = [
    titleBlock(facts, SUMMARY_PLAN_DESCRIPTION_TITLE, [
      facts.amendment
        ? `Amended and Restated Effective ${facts.effectiveDate}`
        : `Effective ${facts.effectiveDate}`,
      `Plan Year ${facts.planYear}`,
    ]),
    paragraph(
      `This summary describes, in plain terms, the ${facts.planName} (the "Plan") of ${facts.company} (the ` +
        '"Employer"). Please read it and keep it. It does not describe every detail: if it differs from the plan ' +
        'document, the plan document governs.',
    ),
    ...section(h.what, [
      paragraph(
        `The Plan lets you pay your share of the premiums for certain insurance benefits from your pay before ` +
          'taxes are taken out. It is a premium only cafeteria plan under Section 125 of the Internal Revenue Code. ' +
          (facts.amendment
            ? `It was first effective ${facts.amendment.originalEffectiveDate ?? 'on an earlier date'} and has been amended and restated effective ${facts.effectiveDate}.`
            : facts.continuing
              ? `It has been effective since ${facts.effectiveDate} and continues for the plan year ${facts.planYear}.`
              : `It is effective ${facts.effectiveDate}.`),
      ),
    ]),
    ...section(h.eligibility, [paragraph(eligibility(facts))]),
    ...section(h.howItWorks, [
      paragraph(
        'When you enroll you agree to a salary reduction equal to your share of the premiums. That amount is taken ' +
          'from your pay before federal income tax and Social Security and Medicare (FICA) taxes are figured, and in ' +
          'most states before state income tax, and the Employer uses it to pay the premiums. Your taxable pay, and ' +
          'with it your taxes, go down.',
      ),
    ]),
    ...section(h.savings, [
      paragraph(
        'You save the FICA tax of 7.65% on the premiums, plus your income tax rate. For example, if your share of ' +
          'the premiums is $100 a month and your federal income tax rate is 12%, paying before tax saves you about ' +
          '$19.65 a month ($7.65 of FICA and $12.00 of federal income tax), plus any state and local income tax.',
      ),
    ]),
    ...section(h.premiums, premiums(facts)),
    ...(facts.hsa
      ? section(h.hsa, [
          paragraph(
            `Yes, from ${facts.hsa.effectiveDate}, if you are covered by a high deductible health plan and have no ` +
              'other disqualifying health coverage. You may contribute from your pay before tax, up to the yearly ' +
              'limit the law sets, and start, change or stop your contributions for future pay at least once a ' +
              'month. The health savings account belongs to you and is not part of the Plan.',
          ),
        ])
      : []),
    ...section(h.enrollment, [paragraph(enrollment(facts))]),
    ...section(h.changes, [
      paragraph(
        'Your election stays the same for the whole plan year, unless one of these events happens and you ask for ' +
          'a change that is consistent with it within 30 days:',
      ),
      bullets(CHANGE_EVENTS),
    ]),
    ...section(h.leaving, [
      paragraph(
        'Your salary reductions stop when your employment ends. You may be able to continue health coverage at ' +
          'your own cost (COBRA continuation coverage), paid after tax. If you return within 30 days in the same ' +
          'plan year, your previous election resumes; after that, you enroll again as a new employee.',
      ),
    ]),
    ...section(h.socialSecurity, [
      paragraph(
        'Because no FICA tax is withheld on your salary reductions, the earnings on which your Social Security ' +
          'benefits are based may be slightly lower, which could reduce those benefits a little. For most employees ' +
          'the tax saved today is larger.',
      ),
    ]),
    ...section(h.limits, [
      paragraph(
        'The law does not allow the Plan to favor highly compensated employees or to give key employees more than ' +
          '25% of its tax-free benefits. If the Plan might not meet these rules, the Plan Administrator may limit the ' +
          'before-tax elections of highly compensated or key employees; they then pay the rest after tax.',
      ),
    ]),
    ...section(h.claims, [
      paragraph(
        'Claims for benefits, such as medical bills, go to the insurer under its contract. For a question about the ' +
          'Plan itself (your eligibility, your election or a salary reduction), write to the Plan Administrator, who ' +
          'answers within 90 days (or 180 days if more time is needed and you are told why). If your claim is ' +
          'denied, you may ask in writing within 60 days for a review, decided within 60 days.',
      ),
    ]),
    ...section(h.amendment, [
      paragraph(
        'The Employer may change or end the Plan at any time. Salary reductions already made are used for the ' +
          'premiums they were taken for.',
      ),
    ]),
    ...section(h.general, [generalInformation(facts)]),
    ...(facts.subjectToErisa ? erisaRights(facts) : []),
  ];
  return documentFrame(facts, SUMMARY_PLAN_DESCRIPTION_TITLE, content);
}

/** The summary plan description (`plan-description`) as PDF bytes. */
export function summaryPlanDescriptionPdf(source: DocumentSource): Promise<Buffer> {
  return renderPdf(summaryPlanDescriptionDefinition(source));
}
