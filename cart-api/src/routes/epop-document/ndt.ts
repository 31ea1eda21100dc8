import { Type, Uuid } from 'service-kit';
import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, SIGNED_IN } from '../../lib/contract.js';
import { attachment } from '../../lib/download.js';
import {
  NdtInputBody,
  StoredNdtResult,
  adminNdtResults,
  ndtResultOf,
  ndtResultPdf,
  takeNdtTest,
} from '../../domain/documents/ndt.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const ResultParams = Type.Object({ documentId: Uuid(), resultId: Uuid() }, { additionalProperties: false });
const PdfBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the PDF' });

/** Who may read a stored test: whoever may act on its document (the `ndt-result` policy). */
const resultReader = {
  access: SIGNED_IN,
  ownership: { resource: 'ndt-result', action: 'read', param: 'resultId' },
} as const;

/**
 * Non-discrimination testing (specs/2-documents.md §2, §4; domain note non-discrimination-testing.md):
 * the server recomputes the wizard's answers with shared-domain's evaluateNdt and stores what it
 * answers; the client never decides Pass. Each result row carries the regulation's section it rests on,
 * whether the verdict needed it (not under the premium-only safe harbor of §1.125-7(f)(1)) and, for a
 * Fail, what the employer can change; results stored before those fields are served as stored.
 */
const ndt: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:documentId/non-discrimination',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'document', action: 'test', param: 'documentId' },
      },
      schema: {
        summary:
          'Take the non-discrimination test: the server computes the result from the answers and keeps it',
        params: DocumentParams,
        body: NdtInputBody,
        response: { 200: StoredNdtResult },
      },
    },
    async (request) =>
      takeNdtTest(app.db, request.caller!, request.params.documentId, request.body, app.now()),
  );

  app.get(
    '/:documentId/non-discrimination/:resultId',
    {
      config: resultReader,
      schema: {
        summary: 'One stored non-discrimination test (Show Results)',
        params: ResultParams,
        response: { 200: StoredNdtResult },
      },
    },
    async (request) => ndtResultOf(app.db, request.params.documentId, request.params.resultId),
  );

  app.get(
    '/:documentId/non-discrimination/:resultId/pdf',
    {
      config: resultReader,
      schema: {
        summary:
          "One stored non-discrimination test as a PDF ('NDT Results - {Company} - {MM-DD-YYYY taken}.pdf'): every step with its citation, the verdict and what can change",
        params: ResultParams,
        response: { 200: { content: { 'application/pdf': { schema: PdfBytes } } } },
      },
    },
    async (request, reply) => {
      const { documentId, resultId } = request.params;
      const file = await ndtResultPdf(app.db, documentId, resultId, app.now());
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.name))
        .send(file.bytes);
    },
  );

  app.get(
    '/:documentId/admin/non-discrimination-results',
    {
      config: {
        access: COMPLIANCE,
        ownership: { resource: 'document', action: 'read', param: 'documentId' },
      },
      schema: {
        summary: "The document's last 4 non-discrimination tests, newest first (the admin document page)",
        params: DocumentParams,
        response: { 200: Type.Array(StoredNdtResult) },
      },
    },
    async (request) => adminNdtResults(app.db, request.params.documentId),
  );
};

export default ndt;
