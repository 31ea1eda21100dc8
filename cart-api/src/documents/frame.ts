import type { Content, ContentText, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { BLANK, type PlanFacts } from './plan-facts.js';

/**
 * The page frame the three generated documents share (../shared/domain/plan-documents.md): the
 * employer's name, the plan name and the plan year in every page's header; the generation date, the
 * document's title and 'Page N of M' in every page's footer. Letter size, standard Helvetica.
 */
export function documentFrame(facts: PlanFacts, title: string, content: Content[]): TDocumentDefinitions {
  return {
    info: {
      title: `${facts.planName} - ${title}`,
      author: facts.company,
      subject: `${title}, plan year ${facts.planYear}`,
      creator: 'POP Documents',
    },
    pageSize: 'LETTER',
    pageMargins: [60, 78, 60, 64],
    header: () => ({
      margin: [60, 28, 60, 0],
      stack: [
        {
          columns: [
            { text: facts.company, bold: true },
            { text: facts.planName, alignment: 'right' },
          ],
        },
        { text: `Plan Year ${facts.planYear}`, alignment: 'right', color: '#444444' },
        { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 492, y2: 4, lineWidth: 0.5, lineColor: '#999999' }] },
      ],
      fontSize: 8,
    }),
    footer: (currentPage, pageCount) => ({
      margin: [60, 24, 60, 0],
      fontSize: 8,
      color: '#444444',
      columns: [
        { text: `Generated ${facts.generatedOn}`, width: '*' },
        { text: title, alignment: 'center', width: '*' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: '*' },
      ],
    }),
    content,
    styles: {
      title: { fontSize: 18, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 13, alignment: 'center', margin: [0, 0, 0, 2] },
      note: { fontSize: 10, alignment: 'center', italics: true, margin: [0, 0, 0, 2] },
      heading: { fontSize: 12.5, bold: true, margin: [0, 14, 0, 6] },
      body: { lineHeight: 1.2, margin: [0, 0, 0, 6], alignment: 'justify' },
    },
    defaultStyle: { fontSize: 10 },
  };
}

/** The first page's title block: the plan name, the document's title and the lines under them. */
export function titleBlock(facts: PlanFacts, title: string, lines: string[]): Content {
  return {
    stack: [
      { text: facts.planName, style: 'title' },
      { text: title, style: 'subtitle' },
      ...lines.map((line): Content => ({ text: line, style: 'note' })),
    ],
    margin: [0, 6, 0, 12],
  };
}

export const paragraph = (text: string | ContentText['text']): Content => ({ text, style: 'body' });

/** A numbered clause: '1.1 Establishment. The Employer…'. */
export const clause = (number: string, title: string, body: string): Content => ({
  text: [{ text: `${number} ${title}. `, bold: true }, body],
  style: 'body',
});

export const bullets = (items: string[]): Content => ({ ul: items, style: 'body', margin: [12, 0, 0, 6] });

/**
 * A heading kept on the page of what follows it: the heading and the first block cannot be split
 * across pages.
 */
export function section(heading: string, blocks: Content[]): Content[] {
  const [first, ...rest] = blocks;
  const title: Content = { text: heading, style: 'heading' };
  return [first ? { stack: [title, first], unbreakable: true } : title, ...rest];
}

/** A clause of an article: its title, its text and anything under it (a list). */
export interface Clause {
  title: string;
  text: string;
  more?: Content[];
}

/**
 * An article of clauses numbered in order ('3.1', '3.2'…); a clause left out (null: an optional
 * section the answers do not call for) takes no number.
 */
export function article(number: number, heading: string, clauses: (Clause | null)[]): Content[] {
  const blocks = clauses
    .filter((entry): entry is Clause => entry !== null)
    .flatMap((entry, index) => [
      clause(`${number}.${index + 1}`, entry.title, entry.text),
      ...(entry.more ?? []),
    ]);
  return section(`Article ${number}. ${heading}`, blocks);
}

/** Signature lines under a heading: what is signed (`intro`), then labelled blanks, kept together on one page. */
export function signatureBlock(heading: string, intro: Content[], lines: string[]): Content {
  return {
    unbreakable: true,
    margin: [0, 12, 0, 0],
    stack: [
      { text: heading, style: 'heading' },
      ...intro,
      ...lines.map((label): Content => ({ text: `${label}: ${BLANK}${BLANK}`, margin: [0, 14, 0, 0] })),
    ],
  };
}
