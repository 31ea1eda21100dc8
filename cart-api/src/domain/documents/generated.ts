import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { badRequest, notFound, type Caller } from 'service-kit';
import { NDT_DEFINITION_TEMPLATES, NDT_LIMITS } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { codeFingerprint, contentHash } from '../../lib/fingerprint.js';
import { archiveFile, archivedByInput } from './archive.js';
import {
  documentsZip,
  isSection,
  printableDocument,
  SECTIONS,
  sectionPdf,
  type GeneratedFile,
  type PrintableDocument,
  type Section,
} from './files.js';
import { DOCUMENTS_MESSAGES } from './messages.js';

/** A file the download page hands out: one of the three PDFs, or the ZIP of them. */
export type DocumentFile = Section | 'zip';

/**
 * The code the files are made by: the builders (`src/documents/`), the names and the ZIP (this
 * folder) and the PDF renderer (`src/lib/`). A deployment that changes any of them makes the files again.
 */
const templates = () =>
  codeFingerprint([
    new URL('../../documents/', import.meta.url),
    new URL('./', import.meta.url),
    new URL('../../lib/', import.meta.url),
  ]);

/**
 * What a file is made of, hashed (README "Limits", "The archive"): which file, the document's
 * answers, its plan year and company name, and the templates. The day it is made is not an input: an
 * unchanged document's file is the archived one, "Generated" date and all.
 */
export function inputHash(
  document: PrintableDocument,
  file: DocumentFile,
  templateFingerprint = templates(),
) {
  const { form, planYear } = document.source;
  // The glossary's definitions come from shared-domain's texts and limits table: a new row (the IRS
  // publishing next year's limits) or a reworded definition makes the files again.
  const law = { limits: NDT_LIMITS, definitions: NDT_DEFINITION_TEMPLATES };
  return contentHash({
    file,
    form,
    planYear,
    company: document.company,
    templates: templateFingerprint,
    law,
  });
}

const fileOf = ({ name, contentType, bytes }: GeneratedFile): GeneratedFile => ({ name, contentType, bytes });

/** A file of a document: as archived when the same inputs made it before, else newly made (not archived yet). */
interface Generation {
  inputHash: string;
  file: GeneratedFile;
  /** Null when the file was just made. */
  archiveId: string | null;
}

async function generation(
  db: Kysely<Database>,
  documentId: string,
  document: PrintableDocument,
  file: DocumentFile,
): Promise<Generation> {
  const hash = inputHash(document, file);
  const archived = await archivedByInput(db, documentId, hash);
  if (archived) return { inputHash: hash, file: fileOf(archived), archiveId: archived.archiveId };
  if (file !== 'zip') return { inputHash: hash, file: await sectionPdf(document, file), archiveId: null };
  // The ZIP of the three PDFs, each read from the archive when it is there.
  const pdfs = await Promise.all(
    (Object.keys(SECTIONS) as Section[]).map(
      async (section) => (await generation(db, documentId, document, section)).file,
    ),
  );
  return { inputHash: hash, file: await documentsZip(document, pdfs), archiveId: null };
}

/**
 * The archived generation of a file (inside the caller's transaction when given one): the archived
 * one, or the one just made, archived now (once: when another request archived the same inputs
 * meanwhile, theirs, so every answer for those inputs is the same bytes).
 */
async function archivedGeneration(
  db: Kysely<Database>,
  documentId: string,
  made: Generation,
  generatedBy: string,
): Promise<{ archiveId: string; file: GeneratedFile }> {
  if (made.archiveId) return { archiveId: made.archiveId, file: made.file };
  const archiveId = randomUUID();
  const keptId = await archiveFile(db, {
    documentId,
    ...made.file,
    generatedBy,
    inputHash: made.inputHash,
    archiveId,
  });
  if (keptId === archiveId) return { archiveId, file: made.file };
  const kept = await archivedByInput(db, documentId, made.inputHash);
  if (!kept) throw new Error(`archived file ${keptId} of document ${documentId} is gone`);
  return { archiveId: keptId, file: fileOf(kept) };
}

/** The document the files are made of: only a Paid one (bought or free). */
async function printable(db: Kysely<Database>, documentId: string, now: Date): Promise<PrintableDocument> {
  const document = await printableDocument(db, documentId, now);
  if (document === 'missing') throw notFound(DOCUMENTS_MESSAGES.notFound);
  if (document === 'unpaid') throw badRequest(DOCUMENTS_MESSAGES.download.purchaseFirst);
  return document;
}

/**
 * `GET epop-document/{id}/download(/{section})` (issue 11 "Generated documents"; issue 21 item 6): a
 * file of a Paid document. A document unchanged since the file was made (the same answers, plan year
 * and templates) gets the archived file, byte for byte: no render, no new archive row. A changed one
 * is made again and archived.
 */
async function download(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  documentId: string,
  file: DocumentFile,
  now: Date,
): Promise<GeneratedFile> {
  const document = await printable(db, documentId, now);
  const made = await generation(db, documentId, document, file);
  return (await archivedGeneration(db, documentId, made, caller.userId)).file;
}

/** One of the three PDFs (`plan-doc`, `plan-description`, `resolution`; another name is a 404). */
export async function downloadDocumentPdf(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  documentId: string,
  section: string,
  now: Date,
): Promise<GeneratedFile> {
  if (!isSection(section)) throw notFound(DOCUMENTS_MESSAGES.download.noSuchSection);
  return download(db, caller, documentId, section, now);
}

/** The ZIP of the three PDFs ('{Company} - POP Documents.zip'). */
export const downloadDocumentZip = (
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  documentId: string,
  now: Date,
): Promise<GeneratedFile> => download(db, caller, documentId, 'zip', now);

/**
 * The three PDFs of a document for an e-mail (Send to Self / Send to All): made when needed, outside
 * any transaction; `keep` (inside the e-mails' transaction) archives those just made and answers the
 * archive ids, in the order of SECTIONS.
 */
export async function documentPdfs(db: Kysely<Database>, documentId: string, document: PrintableDocument) {
  const made = await Promise.all(
    (Object.keys(SECTIONS) as Section[]).map((section) => generation(db, documentId, document, section)),
  );
  return {
    keep: async (trx: Kysely<Database>, generatedBy: string): Promise<string[]> => {
      const ids: string[] = [];
      for (const file of made)
        ids.push((await archivedGeneration(trx, documentId, file, generatedBy)).archiveId);
      return ids;
    },
  };
}
