import { expect } from '@jest/globals';
import { LEGAL_ENTITY_TYPES, type LegalEntityType } from 'shared-domain/forms';
import { pdfText } from 'shared-domain/testing';
import { demoForm } from '../../src/demo/forms.js';
import { planFacts, type DocumentSource } from '../../src/documents/index.js';
import { exampleForm } from '../helpers/documents.js';

/** The generation day of every test document. */
export const GENERATED_ON = '2026-11-15';

/** DOCUMENT_EXAMPLE (Orchard Dental Group, an LLC, 2027 plan year) with `overrides` on top. */
export function exampleSource(overrides: Record<string, unknown> = {}): DocumentSource {
  const form = exampleForm(overrides);
  return {
    form,
    planYear: { start: String(form.currentPlanYearStartDate), end: String(form.currentPlanYearEndDate) },
    generatedOn: GENERATED_ON,
  };
}

export const DEMO_PLAN_YEAR = { start: '2026-07-01', end: '2027-06-30' };

/** A complete demo form (cart-api/src/demo/forms.ts): `index` varies the answers as the demo data does. */
export function demoSource(
  index: number,
  legalEntityType: LegalEntityType = LEGAL_ENTITY_TYPES[index % 7]!,
): DocumentSource {
  const form = demoForm({
    client: {
      company_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      kind: 'client',
      name: `Demo Client ${index} Inc`,
      address_line1: `${200 + index} Main Street`,
      address_line2: null,
      city: 'Columbia',
      state: 'SC',
      zip_code: '29201',
      phone: '(555) 555-0210',
      federal_tax_id: `12-34567${10 + index}`,
      legal_entity_type: legalEntityType,
      state_of_legal_construction: 'SC',
      created_at: '2026-01-01T00:00:00.000Z',
    },
    planYear: DEMO_PLAN_YEAR,
    index,
    colonial: index % 5 === 3,
    contact: { first: 'Maria', last: 'Lopez' },
  });
  return { form, planYear: DEMO_PLAN_YEAR, generatedOn: GENERATED_ON };
}

/**
 * A PDF's text (pdfText) page by page. pdfmake writes the parts of a hyphenated word it may break
 * ('Non-' 'Discrimination') as separate runs, which pdfText joins with a space: those are joined back,
 * as a reader (or pdftotext) sees them.
 */
export async function textOf(pdf: Buffer): Promise<string[]> {
  const { text, pages } = await pdfText(pdf);
  const pageTexts = text.split('\n\n').map((page) => page.replace(/(\w)- (?=\w)/g, '$1-'));
  expect(pageTexts).toHaveLength(pages);
  return pageTexts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Renders with `render` and reads the text back: `pages` as printed, `text` the pages' bodies (each
 * page ends with its header and footer, which are cut off so that a sentence across a page break
 * reads as one) joined in one line.
 */
export async function rendered(
  render: (source: DocumentSource) => Promise<Buffer>,
  source: DocumentSource,
): Promise<{ text: string; pages: string[] }> {
  const pdf = await render(source);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = await textOf(pdf);
  const facts = planFacts(source);
  const frame = new RegExp(
    ` ?${escapeRegExp(`${facts.company} ${facts.planName} Plan Year ${facts.planYear} Generated ${facts.generatedOn} `)}` +
      '[A-Za-z ]+ Page \\d+ of \\d+$',
  );
  const bodies = pages.map((page) => {
    expect(page).toMatch(frame);
    return page.replace(frame, '');
  });
  return { text: bodies.join(' '), pages };
}

/**
 * Every page carries the employer's name, the plan name, the plan year, 'Page N of M' and the
 * generation date; no page prints a value that was missing.
 */
export function expectFramed(
  pages: string[],
  frame: { company: string; planYear: string; generatedOn?: string },
): void {
  pages.forEach((page, index) => {
    expect(page).toContain(frame.company);
    expect(page).toContain(`${frame.company} Premium Only Plan`);
    expect(page).toContain(`Plan Year ${frame.planYear}`);
    expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    expect(page).toContain(`Generated ${frame.generatedOn ?? '11/15/2026'}`);
    expectNoMissingValues(page);
  });
}

export function expectNoMissingValues(text: string): void {
  expect(text).not.toMatch(/undefined|null|NaN|\[object Object\]/i);
}

/** The headings appear in this order. */
export function expectInOrder(text: string, headings: readonly string[]): void {
  const positions = headings.map((heading) => text.indexOf(heading));
  headings.forEach((heading, index) => expect([heading, positions[index]! >= 0]).toEqual([heading, true]));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}
