import { badRequest, notFound, Type, Uuid, type Caller, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { attachment } from '../../lib/download.js';
import { archiveFile, archivedFile, archiveOf } from '../../domain/documents/archive.js';
import {
  documentsZip,
  isSection,
  printableDocument,
  sectionPdf,
  type GeneratedFile,
  type PrintableDocument,
} from '../../domain/documents/files.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';

export const DOWNLOAD_MESSAGES = {
  purchaseFirst: 'This document must be purchased before it can be downloaded',
  archiveNotFound: 'Archived file not found',
  noSuchSection: 'No such document: plan-doc, plan-description or resolution',
} as const;

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

  /** The document the files are made of: only a Paid one (bought or free) is handed out. */
  async function printable(documentId: string): Promise<PrintableDocument> {
    const document = await printableDocument(app.db, documentId, app.now());
    if (document === 'missing') throw notFound(DOCUMENT_NOT_FOUND);
    if (document === 'unpaid') throw badRequest(DOWNLOAD_MESSAGES.purchaseFirst);
    return document;
  }

  /** Every generation is archived as it is handed out. */
  async function handOut(caller: Caller, documentId: string, file: GeneratedFile) {
    await archiveFile(app.db, { documentId, ...file, generatedBy: caller.userId });
    return file;
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
      if (!isSection(section)) throw notFound(DOWNLOAD_MESSAGES.noSuchSection);
      const document = await printable(documentId);
      const file = await handOut(request.caller!, documentId, await sectionPdf(document, section));
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
      const file = await handOut(
        request.caller!,
        documentId,
        await documentsZip(await printable(documentId)),
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
