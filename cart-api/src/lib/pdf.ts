import { createRequire } from 'node:module';
import type * as PdfMake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/** PDFs use the standard Helvetica (no font files to ship or load; every PDF reader has it). */
const FONT_FILES = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};

// pdfmake 0.3's server build is a CommonJS singleton, set up by the first PDF rather than at start:
// most processes (and test files) render none.
let pdfmake: typeof PdfMake | undefined;
function loadPdfmake(): typeof PdfMake {
  if (pdfmake) return pdfmake;
  const loaded = createRequire(import.meta.url)('pdfmake') as typeof PdfMake;
  loaded.setFonts({ Helvetica: FONT_FILES });
  // Documents are built from our data: no image or font is ever read from a path or URL a value names.
  const standardFonts = new Set(Object.values(FONT_FILES));
  (
    loaded as unknown as { setLocalAccessPolicy(allow: (path: string) => boolean): void }
  ).setLocalAccessPolicy((path) => standardFonts.has(path));
  (loaded as unknown as { setUrlAccessPolicy(allow: (url: string) => boolean): void }).setUrlAccessPolicy(
    () => false,
  );
  return (pdfmake = loaded);
}

/** Renders a pdfmake document definition (Helvetica by default) to the PDF's bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const document = loadPdfmake().createPdf({
    ...definition,
    defaultStyle: { font: 'Helvetica', fontSize: 10, ...definition.defaultStyle },
  });
  return (await document.getBuffer()) as Buffer;
}
