import { badRequest, EmptyBody, notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN } from '../../lib/contract.js';
import { documentRecipients } from '../../mail/outgoing.js';
import { logDocumentChange } from '../../domain/clients/change-log.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';
import { storedDocument } from '../../domain/documents/queries.js';
import { SEND_MESSAGES, SEND_DOCUMENTS } from '../../domain/documents/send.js';
import type { SendDocumentsPayload } from '../../domain/documents/send.js';

const DocumentParams = Type.Object({ documentId: Uuid() }, { additionalProperties: false });
const Sending = Type.Object({
  message: Type.String(),
  recipients: Type.Integer({ minimum: 0, description: 'how many e-mails will be sent' }),
});

/**
 * Send to Self and Send to All (specs/2-documents.md §2, §7): the request answers at once; a
 * `send-documents` job makes the PDFs and e-mails them, retried on failure and kept across restarts.
 */
const send: FastifyPluginAsyncTypebox = async (app) => {
  async function queue(documentId: string, payload: Omit<SendDocumentsPayload, 'documentId'>) {
    await app.jobs.enqueue({ kind: SEND_DOCUMENTS, payload: { documentId, ...payload } });
    app.jobs.wake();
  }

  async function paidForm(documentId: string) {
    const stored = await storedDocument(app.db, documentId);
    if (!stored) throw notFound(DOCUMENT_NOT_FOUND);
    if (stored.status !== 'Paid') throw badRequest(SEND_MESSAGES.purchaseFirst);
    return stored.form;
  }

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
    async (request) => {
      const { documentId } = request.params;
      await paidForm(documentId);
      const caller = request.caller!;
      await queue(documentId, { selfUserId: caller.userId, requestedBy: caller.userId });
      await logDocumentChange(app.db, {
        documentId,
        caller,
        describe: (document) =>
          `${document} e-mailed to ${caller.username || 'its requester'} (Send to Self)`,
      });
      return { message: SEND_MESSAGES.sending, recipients: 1 };
    },
  );

  app.post(
    '/:documentId/email/send-all',
    route(
      "E-mail the document's three PDFs to each of its addresses (primary, alternates, contacts), once each",
    ),
    async (request) => {
      const { documentId } = request.params;
      const recipients = documentRecipients(await paidForm(documentId));
      if (recipients.length === 0) throw badRequest(SEND_MESSAGES.noRecipients);
      await queue(documentId, { recipients, requestedBy: request.caller!.userId });
      await logDocumentChange(app.db, {
        documentId,
        caller: request.caller!,
        describe: (document) => `${document} e-mailed to ${recipients.join(', ')} (Send to All)`,
      });
      return { message: SEND_MESSAGES.sending, recipients: recipients.length };
    },
  );
};

export default send;
