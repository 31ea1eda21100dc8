import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/schema.js';
import {
  planDocumentPdf,
  resolutionPdf,
  summaryPlanDescriptionPdf,
  type DocumentSource,
} from '../../documents/index.js';
import { storedDocument } from './queries.js';

/** The three PDFs of a document (`download/{section}`), named as issue 11 says. */
export const SECTIONS = {
  'plan-doc': { title: 'Plan Document', render: planDocumentPdf },
  'plan-description': { title: 'Summary Plan Description', render: summaryPlanDescriptionPdf },
  resolution: { title: 'Resolution', render: resolutionPdf },
} as const;
export type Section = keyof typeof SECTIONS;

export const isSection = (name: string): name is Section => Object.hasOwn(SECTIONS, name);

/** A company name made safe for a file name (no path, quote or control characters). */
export function safeFileName(name: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N} .,&'()_-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return safe === '' || /^\.+$/.test(safe) ? 'POP Document' : safe;
}

export interface GeneratedFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** What the builders need of a document, and its company's safe name for the files' names. */
export interface PrintableDocument {
  source: DocumentSource;
  company: string;
}

/**
 * A document the generated files can be made of: only a Paid one (bought, or free from compliance).
 * `missing` and `unpaid` say why not.
 */
export async function printableDocument(
  db: Kysely<Database>,
  documentId: string,
  now = new Date(),
): Promise<PrintableDocument | 'missing' | 'unpaid'> {
  const stored = await storedDocument(db, documentId);
  if (!stored) return 'missing';
  if (stored.status !== 'Paid') return 'unpaid';
  const company = typeof stored.form.clientCompanyName === 'string' ? stored.form.clientCompanyName : '';
  return {
    source: {
      form: stored.form,
      planYear: { start: stored.planYearStart, end: stored.planYearEnd },
      generatedOn: now.toISOString(),
    },
    company: safeFileName(company),
  };
}

export async function sectionPdf(document: PrintableDocument, section: Section): Promise<GeneratedFile> {
  const { title, render } = SECTIONS[section];
  return {
    name: `${document.company} - ${title}.pdf`,
    contentType: 'application/pdf',
    bytes: await render(document.source),
  };
}

export function zipOf(files: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The ZIP of the three PDFs ('{Company} - POP Documents.zip'), in the order of SECTIONS. */
export async function documentsZip(
  document: PrintableDocument,
  pdfs: GeneratedFile[],
): Promise<GeneratedFile> {
  return {
    name: `${document.company} - POP Documents.zip`,
    contentType: 'application/zip',
    bytes: await zipOf(pdfs),
  };
}
