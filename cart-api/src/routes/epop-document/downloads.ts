import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { attachment } from '../../lib/download.js';
import { archivedFile, archiveOf } from '../../domain/documents/archive.js';
import { downloadDocumentPdf, downloadDocumentZip } from '../../domain/documents/generated.js';
import { DOCUMENTS_MESSAGES } from '../../domain/documents/messages.js';

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
 * of the three, each generation archived with its bytes, and the archive's history and files. A
 * download of a document unchanged since its file was made is the archived file (no render, no new row).
 */
const downloads: FastifyPluginAsyncTypebox = async (app) => {
  const reader = {
    access: SIGNED_IN,
    ownership: { resource: 'document', action: 'read', param: 'documentId' },
  } as const;

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
      const file = await downloadDocumentPdf(app.db, request.caller!, documentId, section, app.now());
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
      const file = await downloadDocumentZip(app.db, request.caller!, request.params.documentId, app.now());
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
      if (!file) throw notFound(DOCUMENTS_MESSAGES.download.archiveNotFound);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.name))
        .send(file.bytes);
    },
  );
};

export default downloads;
