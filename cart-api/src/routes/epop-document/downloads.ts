import { badRequest, notFound, Type, Uuid, type Caller, type FastifyPluginAsyncTypebox } from 'service-kit';
import { ZipFile } from 'yazl';
import { SIGNED_IN } from '../../lib/contract.js';
import {
  planDocumentPdf,
  resolutionPdf,
  summaryPlanDescriptionPdf,
  type DocumentSource,
} from '../../documents/index.js';
import { archiveFile, archivedFile, archiveOf } from './archive.js';
import { DOCUMENT_NOT_FOUND } from './policy.js';
import { storedDocument } from './queries.js';

export const DOWNLOAD_MESSAGES = {
  purchaseFirst: 'This document must be purchased before it can be downloaded',
  archiveNotFound: 'Archived file not found',
  noSuchSection: 'No such document: plan-doc, plan-description or resolution',
} as const;

/** The three PDFs of a document (`download/{section}`), named as the issue says. */
const SECTIONS = {
  'plan-doc': { title: 'Plan Document', render: planDocumentPdf },
  'plan-description': { title: 'Summary Plan Description', render: summaryPlanDescriptionPdf },
  resolution: { title: 'Resolution', render: resolutionPdf },
} as const;

/** A company name made safe for a file name (no path, quote or control characters). */
export function safeFileName(name: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N} .,&'()_-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return safe === '' || /^\.+$/.test(safe) ? 'POP Document' : safe;
}

/** `attachment` with the plain name and, for non-ASCII names, RFC 6266's UTF-8 form. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function zipOf(files: { name: string; bytes: Buffer }[]): Promise<Buffer> {
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

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const SectionParams = Type.Object(
  {
    documentId: Uuid(),
    // A well-formed name that is not a section answers 404, like a missing file.
    section: Type.String({
      pattern: '^[a-z][a-z-]*$',
      maxLength: 40,
      description: 'plan-doc, plan-description or resolution',
    }),
  },
  { additionalProperties: false },
);
const ArchiveParams = Type.Object({ documentId: Uuid(), archiveId: Uuid() }, { additionalProperties: false });
const FileBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the file' });
const ArchivedFileRow = Type.Object({
  archiveId: Uuid(),
  name: Type.String(),
  contentType: Type.String(),
  generatedOn: Type.String({ format: 'date-time' }),
});

/**
 * The generated documents (specs/2-documents.md, issue 11 "Generated documents"): each PDF, the ZIP
 * of the three, each generation archived with its bytes, and the archive's history and files.
 */
const downloads: FastifyPluginAsyncTypebox = async (app) => {
  const reader = {
    access: SIGNED_IN,
    ownership: { resource: 'document', action: 'read', param: 'documentId' },
  } as const;

  /** The document's source for the builders; only a Paid document (bought or free) is handed out. */
  async function sourceOf(documentId: string): Promise<{ source: DocumentSource; company: string }> {
    const stored = await storedDocument(app.db, documentId);
    if (!stored) throw notFound(DOCUMENT_NOT_FOUND);
    if (stored.status !== 'Paid') throw badRequest(DOWNLOAD_MESSAGES.purchaseFirst);
    const company = typeof stored.form.clientCompanyName === 'string' ? stored.form.clientCompanyName : '';
    return {
      source: {
        form: stored.form,
        planYear: { start: stored.planYearStart, end: stored.planYearEnd },
        generatedOn: new Date().toISOString(),
      },
      company: safeFileName(company),
    };
  }

  async function handOut(
    caller: Caller,
    documentId: string,
    name: string,
    contentType: string,
    bytes: Buffer,
  ) {
    await archiveFile(app.db, { documentId, name, contentType, bytes, generatedBy: caller.userId });
    return { name, contentType, bytes };
  }

  const FILE_RESPONSE = (contentType: string) => ({
    200: { content: { [contentType]: { schema: FileBytes } } },
  });

  app.get(
    '/:documentId/download/:section',
    {
      config: reader,
      schema: {
        summary: "One of a paid document's PDFs, generated from its answers and archived",
        params: SectionParams,
        response: FILE_RESPONSE('application/pdf'),
      },
    },
    async (request, reply) => {
      const { documentId, section } = request.params;
      if (!Object.hasOwn(SECTIONS, section)) throw notFound(DOWNLOAD_MESSAGES.noSuchSection);
      const { source, company } = await sourceOf(documentId);
      const { title, render } = SECTIONS[section as keyof typeof SECTIONS];
      const file = await handOut(
        request.caller!,
        documentId,
        `${company} - ${title}.pdf`,
        'application/pdf',
        await render(source),
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.name))
        .send(file.bytes);
    },
  );

  app.get(
    '/:documentId/download',
    {
      config: reader,
      schema: {
        summary: "The three PDFs of a paid document in one ZIP ('{Company} - POP Documents.zip'), archived",
        params: DocumentParams,
        response: FILE_RESPONSE('application/zip'),
      },
    },
    async (request, reply) => {
      const { documentId } = request.params;
      const { source, company } = await sourceOf(documentId);
      const pdfs = await Promise.all(
        Object.values(SECTIONS).map(async ({ title, render }) => ({
          name: `${company} - ${title}.pdf`,
          bytes: await render(source),
        })),
      );
      const file = await handOut(
        request.caller!,
        documentId,
        `${company} - POP Documents.zip`,
        'application/zip',
        await zipOf(pdfs),
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.name))
        .send(file.bytes);
    },
  );

  app.get(
    '/:documentId/archive',
    {
      config: reader,
      schema: {
        summary: "The document's generated files, newest first (the PDF Generation History)",
        params: DocumentParams,
        response: { 200: Type.Array(ArchivedFileRow) },
      },
    },
    async (request) => archiveOf(app.db, request.params.documentId),
  );

  app.get(
    '/:documentId/archive/:archiveId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'archive-item', action: 'read', param: 'archiveId' },
      },
      schema: {
        summary: 'An archived file, its bytes unchanged',
        params: ArchiveParams,
        response: FILE_RESPONSE('application/octet-stream'),
      },
    },
    async (request, reply) => {
      const { documentId, archiveId } = request.params;
      const file = await archivedFile(app.db, documentId, archiveId);
      // Another document's file under this document's path reads like a missing one.
      if (!file) throw notFound(DOWNLOAD_MESSAGES.archiveNotFound);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.name))
        .send(file.bytes);
    },
  );
};

export default downloads;
