import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The standard fonts' metrics (PDFs of Helvetica embed none): pdfjs reads them from its package.
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, pages joined by a blank line (tests read what a user would). */
export async function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  await document.destroy();
  return { text: pages.join('\n\n'), pages: document.numPages };
}
