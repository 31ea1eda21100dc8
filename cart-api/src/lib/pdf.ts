import { createRequire } from 'node:module';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

// pdfmake 0.3's server build is a CommonJS singleton.
const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof PdfMake;

/** PDFs use the standard Helvetica (no font files to ship or load; every PDF reader has it). */
const FONT_FILES = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
pdfmake.setFonts({ Helvetica: FONT_FILES });
// Documents are built from our data: no image or font is ever read from a path or URL a value names.
const standardFonts = new Set(Object.values(FONT_FILES));
(pdfmake as unknown as { setLocalAccessPolicy(allow: (path: string) => boolean): void }).setLocalAccessPolicy(
  (path) => standardFonts.has(path),
);
(pdfmake as unknown as { setUrlAccessPolicy(allow: (url: string) => boolean): void }).setUrlAccessPolicy(
  () => false,
);

/** Renders a pdfmake document definition (Helvetica by default) to the PDF's bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const document = pdfmake.createPdf({
    ...definition,
    defaultStyle: { font: 'Helvetica', fontSize: 10, ...definition.defaultStyle },
  });
  return (await document.getBuffer()) as Buffer;
}
