import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  formatIsoDate,
  isIsoDate,
  ndtDefinitions,
  NDT_DEFINITION_TEMPLATES,
  type IsoDate,
  type NdtDefinitionTexts,
} from 'shared-domain';
import { renderPdf } from '../lib/pdf.js';
import {
  article,
  bullets,
  documentFrame,
  paragraph,
  signatureBlock,
  titleBlock,
  type Clause,
} from './frame.js';
import {
  BLANK,
  entryPhrase,
  listOf,
  planFacts,
  requirementPhrases,
  seasonalSentence,
  unionSentence,
  type DocumentSource,
  type PlanFacts,
} from './plan-facts.js';

export const PLAN_DOCUMENT_TITLE = 'Plan Document';

/** The plan document's articles (../shared/domain/plan-documents.md "Plan Document"), in order. */
export const PLAN_DOCUMENT_HEADINGS = [
  'Article 1. Establishment and Purpose',
  'Article 2. Definitions',
  'Article 3. Participation',
  'Article 4. Benefits and Elections',
  'Article 5. Non-Discrimination',
  'Article 6. Administration',
  'Article 7. Amendment and Termination',
  'Article 8. Miscellaneous',
  'Adoption',
] as const;

function establishment(facts: PlanFacts): Content[] {
  const { company, planName, effectiveDate, amendment } = facts;
  const established = amendment
    ? `${company} (the "Employer") maintains the ${planName} (the "Plan"), originally effective ` +
      `${amendment.originalEffectiveDate ?? 'on an earlier date'}. The Employer amends and restates the Plan ` +
      `in its entirety, effective ${effectiveDate}. This restated document replaces the earlier plan document ` +
      'for periods beginning on or after that date; the earlier document continues to govern the periods before it, ' +
      'and elections in effect on that date continue under the restated Plan until they are changed as the Plan allows.'
    : facts.continuing
      ? `${company} (the "Employer") maintains the ${planName} (the "Plan"), effective ${effectiveDate}. This ` +
        `document sets out the Plan for the Plan Year ${facts.planYear}, which continues the Plan from the Plan Year ` +
        'before it without a gap.'
      : `${company} (the "Employer") establishes the ${planName} (the "Plan"), effective ${effectiveDate}.`;
  return article(1, 'Establishment and Purpose', [
    {
      title: amendment ? 'Amendment and Restatement' : facts.continuing ? 'Continuation' : 'Establishment',
      text: established,
    },
    {
      title: 'Purpose',
      text:
        'The Plan lets Eligible Employees pay their share of the premiums for the Benefits listed in Article 4 ' +
        'through salary reductions made before federal income and employment taxes. The Employer intends the Plan ' +
        'to be a cafeteria plan under Section 125 of the Code and Proposed Treasury Regulation Section 1.125-1, ' +
        'and the Plan is to be read consistently with them.',
    },
    {
      title: 'No Retroactive Elections',
      text:
        `No election applies to any period before ${effectiveDate}, and no salary reduction applies to ` +
        'compensation the Employee could already receive when the election was made.',
    },
  ]);
}

/** A value's calendar day when it is (or starts with) a real ISO date, else null. */
function isoDayOf(value: unknown): IsoDate | null {
  const day = typeof value === 'string' ? value.trim().slice(0, 10) : '';
  return isIsoDate(day) ? day : null;
}

/**
 * The HCE and key-employee definitions of the glossary: the one text of each (shared-domain's templates,
 * which the configured texts hold too), with the limits of the document's plan year (the document's,
 * else its form's). Without one, the figures are blanks to fill in.
 */
function ndtGlossary(source: DocumentSource): NdtDefinitionTexts & { planYear: string } {
  const start = isoDayOf(source.planYear.start) ?? isoDayOf(source.form.currentPlanYearStartDate);
  const end = isoDayOf(source.planYear.end) ?? isoDayOf(source.form.currentPlanYearEndDate);
  if (!start || !end) {
    const blank = (template: string) => template.replace(/\{\w+\}/g, BLANK);
    return {
      hce: blank(NDT_DEFINITION_TEMPLATES.hce),
      keyEmployee: blank(NDT_DEFINITION_TEMPLATES.keyEmployee),
      planYear: BLANK,
    };
  }
  return {
    ...ndtDefinitions(undefined, start, end),
    planYear: `${formatIsoDate(start)} to ${formatIsoDate(end)}`,
  };
}

function definitions(facts: PlanFacts, source: DocumentSource): Content[] {
  const { company, federalTaxId, planYearStart, planYearEnd } = facts;
  const glossary = ndtGlossary(source);
  const planYear = facts.shortPlanYear
    ? `The short plan year from ${planYearStart} to ${planYearEnd}, and after it each period of twelve ` +
      'consecutive months beginning on the day after the previous Plan Year ends.'
    : `The period from ${planYearStart} to ${planYearEnd}, and each following period of twelve consecutive months.`;
  return article(2, 'Definitions', [
    {
      title: 'Code',
      text: 'The Internal Revenue Code of 1986, as amended, with the regulations and guidance issued under it.',
    },
    {
      title: 'Employer',
      text:
        `${company}${federalTaxId ? ` (federal tax identification number ${federalTaxId})` : ''}, and any ` +
        'successor that continues the Plan' +
        (facts.affiliates ? ', together with each Affiliate that adopts the Plan under Section 8.7.' : '.'),
    },
    {
      title: 'Employee',
      text:
        'A person the Employer treats as a common-law employee and pays through its payroll. Leased employees, ' +
        'independent contractors and self-employed individuals (a sole proprietor, a partner, a member of a limited ' +
        'liability company taxed as a partnership, or a shareholder owning more than 2% of an S corporation) are ' +
        "not Employees, even when they take part in the Employer's insurance programs.",
    },
    { title: 'Eligible Employee', text: 'An Employee who meets the requirements of Section 3.1.' },
    {
      title: 'Participant',
      text: 'An Eligible Employee who has entered the Plan under Section 3.2 and whose participation has not ended.',
    },
    { title: 'Plan Year', text: planYear },
    {
      title: 'Plan Administrator',
      text: 'The Employer, or a person or committee the Employer names in writing to administer the Plan.',
    },
    {
      title: 'Highly Compensated Employee',
      text:
        `${glossary.hce} See Code Sections 125(e) and 414(q); this amount applies to the Plan Year from ` +
        `${glossary.planYear}.`,
    },
    {
      title: 'Key Employee',
      text:
        `${glossary.keyEmployee} See Code Section 416(i)(1); this amount applies to the Plan Year from ` +
        `${glossary.planYear}.`,
    },
    {
      title: 'Benefits',
      text: 'The insured benefits listed in Section 4.1, as provided by the insurance contracts that offer them.',
    },
    {
      title: 'Premium Expenses',
      text:
        "A Participant's share of the premiums for the Benefits covering the Participant, his or her spouse and " +
        'dependents' +
        (facts.hsa
          ? ", and the Participant's contributions to a health savings account as Article 4 allows"
          : '') +
        '.',
    },
    {
      title: 'Affiliates',
      text:
        'Every business treated as a single employer with the Employer under Code Section 414(b), (c), (m) or (o). ' +
        (facts.affiliates
          ? 'An Affiliate takes part in the Plan when it adopts the Plan under Section 8.7.'
          : 'No Affiliate takes part in the Plan unless the Employer amends the Plan to allow it.'),
    },
  ]);
}

function participation(facts: PlanFacts): Content[] {
  const requirements = requirementPhrases(facts);
  return article(3, 'Participation', [
    {
      title: 'Eligibility',
      text:
        'An Employee is an Eligible Employee when he or she is eligible for at least one of the Benefits under the ' +
        "terms of the Employer's insurance programs (a benefit-eligible Employee)" +
        (requirements.length > 0 ? ` and ${listOf(requirements)}` : '') +
        `. ${unionSentence(facts)} ${seasonalSentence(facts)}`,
    },
    {
      title: 'Entry Date',
      text:
        `An Eligible Employee becomes a Participant ${entryPhrase(facts)}, once he or she has made an election ` +
        'under Section 4.2' +
        (facts.negativeEnrollment
          ? ' or is treated as having made one under the negative election rules'
          : '') +
        '.',
    },
    {
      title: 'Termination of Participation',
      text:
        'Participation ends on the earliest of the day employment with the Employer ends, the day the Participant ' +
        'stops being an Eligible Employee, the day the Participant stops paying his or her share of the premiums, ' +
        'and the day the Plan ends. Any coverage that continues after that (for example under COBRA continuation ' +
        'coverage) is paid after tax, outside the Plan.',
    },
    {
      title: 'Re-entry',
      text:
        'A former Participant who returns to employment, or becomes an Eligible Employee again, within 30 days and ' +
        'in the same Plan Year resumes the election in effect before, unless a change is allowed under Section 4.3. ' +
        'One who returns after more than 30 days, or in a later Plan Year, enters the Plan again as a new Eligible ' +
        'Employee.',
    },
  ]);
}

const CHANGE_EVENTS = [
  'a change in status: marriage, divorce, legal separation or annulment; the death of a spouse or dependent; ' +
    'the birth, adoption or placement for adoption of a child; a change in the employment of the Participant, ' +
    'the spouse or a dependent that affects eligibility for coverage; a dependent gaining or losing eligibility; ' +
    'or a move that affects eligibility for coverage;',
  'a special enrollment right under the health coverage portability rules (HIPAA);',
  "a significant change in the cost or coverage of a Benefit, or a change under the plan of a spouse's or " +
    "dependent's employer;",
  "a judgment, decree or order that requires health coverage for the Participant's child;",
  'becoming entitled to, or losing, Medicare or Medicaid;',
  'a leave under the Family and Medical Leave Act;',
  "a reduction in hours to fewer than 30 a week, or enrolling in coverage through a health insurance Marketplace, when the Participant intends to leave the Employer's health coverage.",
];

function benefits(facts: PlanFacts): Content[] {
  const listed = [
    ...facts.benefits,
    ...(facts.otherBenefits ? [`Other qualified benefits the Employer offers: ${facts.otherBenefits}`] : []),
  ];
  const benefitList: Clause =
    listed.length > 0
      ? {
          title: 'Benefits',
          text: 'A Participant may pay the Premium Expenses for the following Benefits before tax:',
          more: [
            bullets(listed),
            paragraph(
              'Each Benefit is provided only by the insurance contract or program that offers it. The Plan does not ' +
                'itself provide, insure or change any Benefit; the terms of each contract govern who is covered and for what.',
            ),
          ],
        }
      : {
          title: 'Benefits',
          text:
            'A Participant may pay before tax the Premium Expenses for the insured benefits the Employer designates ' +
            'in writing before the election period. The terms of each insurance contract govern its coverage.',
        };
  return article(4, 'Benefits and Elections', [
    benefitList,
    {
      title: 'Election Period',
      text:
        'Before each Plan Year, during the election period the Plan Administrator sets, each Eligible Employee may ' +
        'elect to have his or her pay reduced by the Premium Expenses for that Plan Year; the Employer applies the ' +
        'reductions to the premiums and they are never paid in cash. A newly Eligible Employee may elect within 30 ' +
        'days after becoming eligible, for pay not yet received.' +
        (facts.evergreen
          ? ''
          : ' An election ends with the Plan Year: a new election is needed for each Plan Year.') +
        (facts.negativeEnrollment
          ? ''
          : ' An Eligible Employee who makes no election receives his or her full pay and pays any premiums after tax.'),
    },
    {
      title: 'Irrevocability and Permitted Changes',
      text:
        'An election cannot be revoked or changed during the Plan Year, except that a Participant may change it, ' +
        'for the rest of the Plan Year and consistently with the event, within 30 days after any of the following ' +
        '(as Treasury Regulation Section 1.125-4 allows):',
      more: [bullets(CHANGE_EVENTS)],
    },
    facts.negativeEnrollment
      ? {
          title: 'Negative Election',
          text:
            'An Eligible Employee who is enrolled in a Benefit and makes no election during an election period is ' +
            'treated as having elected to pay his or her share of the premiums for that Benefit before tax. Before ' +
            'each election period the Employer tells Eligible Employees of this default and of how to decline it; ' +
            'an Employee who declines in writing pays those premiums after tax.',
        }
      : null,
    facts.evergreen
      ? {
          title: 'Evergreen Elections',
          text:
            "A Participant's election stays in effect for each following Plan Year, adjusted for changes in the " +
            'premiums, unless the Participant changes or revokes it during the election period for that Plan Year.',
        }
      : null,
    facts.hsa
      ? {
          title: 'HSA Contributions',
          text:
            `Effective ${facts.hsa.effectiveDate}, a Participant who is an eligible individual under Code Section 223 ` +
            '(covered by a high deductible health plan and by no other disqualifying health coverage) may elect ' +
            'salary reductions to contribute to his or her health savings account, up to the yearly limit of Code ' +
            'Section 223(b). The Participant may start, change or stop these contributions for future pay at least ' +
            'once a month, without a change in status. The health savings account itself is owned by the ' +
            'Participant and is not part of the Plan.',
        }
      : null,
  ]);
}

function nonDiscrimination(): Content[] {
  return article(5, 'Non-Discrimination', [
    {
      title: 'Requirements',
      text:
        'The Plan is meant not to favor Highly Compensated Employees as to eligibility, contributions or benefits, ' +
        'and not to give Key Employees more than 25% of the nontaxable benefits provided under the Plan to all ' +
        'Employees, as Code Section 125 requires.',
    },
    {
      title: 'Limiting Elections',
      text:
        'If the Plan Administrator finds that the Plan may not meet these requirements for a Plan Year, it may limit, ' +
        'reduce or refuse the elections of Highly Compensated Employees or Key Employees, at any time during the ' +
        'Plan Year, as far as needed to meet them. Premiums no longer paid before tax are then paid from pay after tax.',
    },
  ]);
}

function administration(): Content[] {
  return article(6, 'Administration', [
    {
      title: 'Plan Administrator',
      text:
        'The Employer is the Plan Administrator. It has the discretion to interpret the Plan, decide questions of ' +
        'eligibility and elections, adopt rules and forms, and correct mistakes; its decisions made in good faith ' +
        'are final. It may act through its officers and may have others, such as a payroll provider, carry out its duties.',
    },
    {
      title: 'Claims',
      text:
        'Claims for Benefits (such as medical claims) are decided by the insurer under its contract. A claim about ' +
        'the Plan itself (eligibility, an election or a salary reduction) is made in writing to the Plan ' +
        'Administrator, which answers within 90 days, or within 180 days when it needs more time and says why. A ' +
        'denial states its reasons, the Plan terms it relies on and how to ask for review. The claimant may ask for ' +
        'review in writing within 60 days after a denial and receives a decision within 60 days after asking.',
    },
    {
      title: 'Records',
      text:
        'The Plan Administrator keeps the Plan documents and their amendments and the records of elections, salary ' +
        'reductions and premium payments for as long as the law requires. A Participant may see the records about him or her.',
    },
    { title: 'Expenses', text: 'The Employer pays the cost of administering the Plan.' },
  ]);
}

function amendmentAndTermination(facts: PlanFacts): Content[] {
  return article(7, 'Amendment and Termination', [
    {
      title: 'Amendment',
      text:
        `The Employer may amend the Plan at any time by written action of its ${facts.body.name}, or of a person ` +
        'so authorized. An amendment applies to past periods only when the law requires it.',
    },
    {
      title: 'Termination',
      text:
        'The Employer may end the Plan at any time in the same way. Salary reductions then stop, and amounts ' +
        'already withheld are applied to Premium Expenses for coverage up to the termination date.',
    },
  ]);
}

function governingLaw(state: string | null): string {
  const local =
    state === null
      ? 'the laws of the state where the Employer has its principal place of business'
      : state === 'District of Columbia'
        ? 'the laws of the District of Columbia'
        : `the laws of the State of ${state}`;
  return `The Plan is governed by federal law and, where federal law does not apply, by ${local}.`;
}

function miscellaneous(facts: PlanFacts): Content[] {
  return article(8, 'Miscellaneous', [
    {
      title: 'No Trust',
      text:
        "Salary reductions remain part of the Employer's general assets until they are applied to Premium " +
        'Expenses. The Plan is not funded, no trust is kept for it, and no Participant has a right to any ' +
        'particular asset of the Employer.',
    },
    {
      title: 'No Guarantee of Employment',
      text:
        'The Plan is not a contract of employment. It gives no one a right to remain employed and does not limit ' +
        "the Employer's right to end anyone's employment.",
    },
    {
      title: 'No Assignment',
      text: "A Participant's rights under the Plan cannot be sold, assigned, pledged or taken by creditors.",
    },
    {
      title: 'Tax Treatment',
      text:
        'The Employer does not guarantee that any amount is excluded from income. A Participant owes any tax on an ' +
        'amount later found not to qualify.',
    },
    { title: 'Governing Law', text: governingLaw(facts.governingState) },
    {
      title: 'Severability',
      text: 'If any provision of the Plan is held invalid, the rest of the Plan remains in effect without it.',
    },
    facts.affiliates
      ? {
          title: 'Participating Affiliates',
          text:
            'An Affiliate may adopt the Plan for its Employees with the written consent of the Employer. Its ' +
            "Employees then take part on the same terms as the Employer's, the Plan remains a single plan, and the " +
            'Employer acts for every participating Affiliate in administering, amending and ending the Plan. An ' +
            'Affiliate may stop taking part by written notice to the Employer.',
        }
      : null,
  ]);
}

function adoption(facts: PlanFacts): Content {
  return signatureBlock(
    'Adoption',
    [
      paragraph(
        facts.continuing
          ? `${facts.company} adopts this Plan document for the Plan Year ${facts.planYear}, the Plan having been ` +
              `effective since ${facts.effectiveDate}, and has had it signed by its authorized representative on the date below.`
          : `${facts.company} adopts this Plan, effective ${facts.effectiveDate}, and has had it signed by its ` +
              'authorized representative on the date below.',
      ),
      { text: facts.company, bold: true, margin: [0, 6, 0, 2] },
      { text: `Federal Tax ID: ${facts.federalTaxId ?? BLANK}` },
    ],
    ['By', 'Name', 'Title', 'Date'],
  );
}

/** The plan document's pdfmake definition, from a document's answers (pure: no I/O, no clock). */
export function planDocumentDefinition(source: DocumentSource): TDocumentDefinitions {
  const facts = planFacts(source);
  const effective = facts.amendment
    ? `Amended and Restated Effective ${facts.effectiveDate}`
    : `Effective ${facts.effectiveDate}`;
  return documentFrame(facts, PLAN_DOCUMENT_TITLE, [
    titleBlock(facts, PLAN_DOCUMENT_TITLE, [
      effective,
      `Plan Year ${facts.planYear}${facts.shortPlanYear ? ' (short plan year)' : ''}`,
      'A cafeteria plan under Section 125 of the Internal Revenue Code',
    ]),
    ...establishment(facts),
    ...definitions(facts, source),
    ...participation(facts),
    ...benefits(facts),
    ...nonDiscrimination(),
    ...administration(),
    ...amendmentAndTermination(facts),
    ...miscellaneous(facts),
    adoption(facts),
  ]);
}

/** The plan document (`plan-doc`) as PDF bytes. */
export function planDocumentPdf(source: DocumentSource): Promise<Buffer> {
  return renderPdf(planDocumentDefinition(source));
}
