import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The page frame of the two guides: the product's name in the header, the guide's title and 'Page N
 * of M' in the footer. No date: a guide is the same text until a deployment changes it. Letter size,
 * standard Helvetica (src/lib/pdf.ts), as the plan documents.
 */
export function guideFrame(
  title: string,
  content: Content[],
  options: { fontSize?: number; margins?: [number, number, number, number] } = {},
): TDocumentDefinitions {
  const margins = options.margins ?? [60, 64, 60, 56];
  const side = margins[0];
  return {
    info: { title, author: 'POP Documents', subject: title, creator: 'POP Documents' },
    pageSize: 'LETTER',
    pageMargins: margins,
    header: () => ({
      margin: [side, 24, side, 0],
      fontSize: 8,
      color: '#444444',
      columns: [
        { text: 'POP Documents', bold: true },
        { text: 'Section 125 Premium Only Plan', alignment: 'right' },
      ],
    }),
    footer: (currentPage, pageCount) => ({
      margin: [side, 20, side, 0],
      fontSize: 8,
      color: '#444444',
      columns: [
        { text: title, width: '*' },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: '*' },
      ],
    }),
    content,
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 11, color: '#444444', margin: [0, 0, 0, 10] },
      heading: { fontSize: 12.5, bold: true, margin: [0, 12, 0, 5] },
      step: { fontSize: 11, bold: true, margin: [0, 8, 0, 3] },
      body: { lineHeight: 1.2, margin: [0, 0, 0, 5] },
      note: { fontSize: 8.5, italics: true, color: '#444444', margin: [0, 8, 0, 0] },
    },
    defaultStyle: { fontSize: options.fontSize ?? 10 },
  };
}

export const paragraph = (text: string | Content[]): Content => ({ text, style: 'body' }) as Content;
export const bullets = (items: (string | Content)[]): Content => ({
  ul: items,
  style: 'body',
  margin: [10, 0, 0, 5],
});

/** A heading kept on the page of the block that follows it. */
export function section(heading: string, blocks: Content[], style = 'heading'): Content[] {
  const [first, ...rest] = blocks;
  const title: Content = { text: heading, style };
  return [first ? { stack: [title, first], unbreakable: true } : title, ...rest];
}
