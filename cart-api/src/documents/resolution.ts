import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { LegalEntityType } from 'shared-domain/forms';
import { renderPdf } from '../lib/pdf.js';
import { documentFrame, paragraph, section, signatureBlock, titleBlock } from './frame.js';
import { plural, planFacts, type DocumentSource, type PlanFacts } from './plan-facts.js';

export const RESOLUTION_TITLE = 'Resolution';

export const RESOLUTION_HEADINGS = [
  'Recitals',
  'Resolutions',
  'Ratification',
  "Secretary's Certificate",
] as const;

/** 'a limited liability company', … for the opening sentence. */
const ENTITY_KINDS: Record<LegalEntityType, string> = {
  Corp: 'a corporation',
  'Corp - Sub Chapter S': 'an S corporation',
  LLC: 'a limited liability company',
  'Non-Profit Organization': 'a non-profit organization',
  Partnership: 'a partnership',
  'Sole Prop': 'a sole proprietorship',
  'Government Entity': 'a government entity',
};

function opening(facts: PlanFacts): string {
  const kind = facts.legalEntityType ? ENTITY_KINDS[facts.legalEntityType] : null;
  const meeting =
    facts.body.name === 'Owner' ? '' : ', at a meeting duly held or by written consent without a meeting,';
  return (
    `The ${facts.body.name} of ${facts.company} (the "Employer")${kind ? `, ${kind},` : ''} ` +
    `${facts.body.plural ? 'adopt' : 'adopts'} the following resolutions${meeting} on the date certified below.`
  );
}

const whereas = (text: string): Content => paragraph([{ text: 'WHEREAS, ', bold: true }, text]);
const resolved = (text: string): Content => paragraph([{ text: 'RESOLVED, ', bold: true }, text]);

/** The resolution's pdfmake definition, from a document's answers (pure). */
export function resolutionDefinition(source: DocumentSource): TDocumentDefinitions {
  const facts = planFacts(source);
  const { body, company, planName, effectiveDate, amendment, hsa } = facts;
  const adopted = amendment ? 'amended and restated' : 'adopted';
  const notice = facts.noticeDays
    ? `within ${plural(facts.noticeDays, 'day')} after this resolution`
    : 'within a reasonable time after this resolution';
  const content: Content[] = [
    titleBlock(facts, `${RESOLUTION_TITLE} of the ${body.name} of ${company}`, [
      amendment
        ? `Amending and Restating the ${planName}`
        : facts.continuing
          ? `Continuing the ${planName}`
          : `Adopting the ${planName}`,
      `Effective ${effectiveDate}`,
    ]),
    paragraph(opening(facts)),
    ...section(RESOLUTION_HEADINGS[0], [
      whereas(
        'the Employer wishes to let its eligible employees pay their share of the premiums for the insurance ' +
          'benefits it offers through salary reductions made before tax;',
      ),
      whereas(
        'Section 125 of the Internal Revenue Code allows this through a written cafeteria plan adopted before the ' +
          'period to which it applies;',
      ),
      ...(amendment
        ? [
            whereas(
              `the Employer has maintained the ${planName} since ${amendment.originalEffectiveDate ?? 'an earlier date'} ` +
                'and wishes to amend and restate it;',
            ),
          ]
        : []),
      ...(facts.continuing
        ? [
            whereas(
              `the Employer has maintained the ${planName} since ${effectiveDate} and wishes to continue it for the ` +
                `plan year ${facts.planYear};`,
            ),
          ]
        : []),
      ...(hsa
        ? [
            whereas(
              'the Employer wishes to let employees contribute to health savings accounts through the plan;',
            ),
          ]
        : []),
      whereas(
        `a plan document and a summary plan description of the ${planName} have been presented to the ${body.name};`,
      ),
      paragraph([{ text: 'NOW, THEREFORE, ', bold: true }, 'it is:']),
    ]),
    ...section(RESOLUTION_HEADINGS[1], [
      resolved(
        facts.continuing
          ? `that the ${planName}, effective since ${effectiveDate}, is continued in the form attached to this ` +
              `resolution for the plan year ${facts.planYear}${facts.shortPlanYear ? ' (a short plan year)' : ''} and the plan years after it;`
          : `that the ${planName}, in the form attached to this resolution, is ${adopted} effective ${effectiveDate}, ` +
              `for the plan year ${facts.planYear}${facts.shortPlanYear ? ' (a short plan year)' : ''} and the plan years after it;`,
      ),
      resolved('that the Employer is named the Plan Administrator of the plan;'),
      ...(hsa
        ? [
            resolved(
              `that the plan allows salary reduction contributions to health savings accounts effective ${hsa.effectiveDate};`,
            ),
          ]
        : []),
      resolved(
        `that ${body.signers} is authorized to sign the plan and its summary plan description for the ` +
          'Employer, to make the payroll changes needed to carry out the salary reduction elections of the employees, and ' +
          `to give the eligible employees notice of the plan, with its summary plan description, ${notice};`,
      ),
      resolved(
        `that ${body.signers} is authorized to take any other action needed to carry out these resolutions.`,
      ),
    ]),
    ...section(RESOLUTION_HEADINGS[2], [
      resolved(
        'that every action taken on behalf of the Employer before these resolutions that is consistent with them ' +
          'is ratified, confirmed and approved.',
      ),
    ]),
    signatureBlock(
      RESOLUTION_HEADINGS[3],
      [
        paragraph(
          `I, the undersigned ${body.certifier} of ${company}, certify that the above resolutions were adopted by ` +
            `the ${body.name} of the Employer on the date below and remain in full force and effect.`,
        ),
      ],
      ['Signature', 'Name', `Title (${body.certifier})`, 'Date'],
    ),
  ];
  return documentFrame(facts, RESOLUTION_TITLE, content);
}

/** The resolution (`resolution`) as PDF bytes. */
export function resolutionPdf(source: DocumentSource): Promise<Buffer> {
  return renderPdf(resolutionDefinition(source));
}
