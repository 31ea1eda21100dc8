import { EmptyBody, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { MESSAGES } from 'shared-domain';
import { SIGNED_IN } from '../../lib/contract.js';
import { requestDocumentSend } from '../../domain/documents/send.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const Sending = Type.Object({
  message: Type.String(),
  recipients: Type.Integer({ minimum: 0, description: 'how many e-mails will be sent' }),
});

/**
 * Send to Self and Send to All (specs/2-documents.md §2, §7): the request answers at once; a
 * `send-documents` job makes the PDFs and e-mails them, retried on failure and kept across restarts.
 * Each is limited per document (README "Limits": `429 {message}` with `Retry-After` past it).
 */
const send: FastifyPluginAsyncTypebox = async (app) => {
  const route = (summary: string) => ({
    config: {
      access: SIGNED_IN,
      ownership: { resource: 'document', action: 'send', param: 'documentId' },
    },
    schema: { summary, params: DocumentParams, body: EmptyBody, response: { 200: Sending } },
  });

  app.post(
    '/:documentId/email/send-self',
    route("E-mail the document's three PDFs to the caller"),
    async (request) => ({
      message: MESSAGES.documentSending,
      recipients: await requestDocumentSend(app, request.caller!, request.params.documentId, 'self'),
    }),
  );

  app.post(
    '/:documentId/email/send-all',
    route(
      "E-mail the document's three PDFs to each of its addresses (primary, alternates, contacts), once each",
    ),
    async (request) => ({
      message: MESSAGES.documentSending,
      recipients: await requestDocumentSend(app, request.caller!, request.params.documentId, 'all'),
    }),
  );
};

export default send;
