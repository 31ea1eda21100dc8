import { MESSAGES } from 'shared-domain';
import { badRequest, EmptyBody, notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import type { Job } from '../../jobs/queue.js';
import { SIGNED_IN } from '../../lib/contract.js';
import { documentRecipients, enqueueMail, plainMessage, type MailDeps } from '../../mail/outgoing.js';
import { archiveFile } from './archive.js';
import { allPdfs, printableDocument } from './files.js';
import { logDocumentChange } from '../client/change-log.js';
import { DOCUMENT_NOT_FOUND } from '../../domain/documents/index.js';
import { storedDocument } from './queries.js';

export const SEND_MESSAGES = {
  sending: MESSAGES.documentSending,
  purchaseFirst: 'This document must be purchased before it can be sent',
  noRecipients: 'This document has no e-mail address to send to',
} as const;

export const SEND_DOCUMENTS = 'send-documents';

/** The `send-documents` job: whom to send a document's three PDFs to. */
export interface SendDocumentsPayload {
  documentId: string;
  /** Send to All: the document's addresses, as they were when asked. */
  recipients?: string[];
  /** Send to Self: the user whose e-mail address identity-api knows. */
  selfUserId?: string;
  requestedBy: string;
}

/**
 * Makes the three PDFs once, archives them, then queues one e-mail per recipient carrying them (one
 * transaction: each recipient's e-mail exists exactly when the files do). A retry of the job after
 * its commit queues nothing twice (each e-mail's key names this job and its recipient).
 */
export async function sendDocumentsJob(deps: MailDeps, payload: SendDocumentsPayload, job: Job) {
  const document = await printableDocument(deps.db, payload.documentId);
  if (typeof document === 'string') return { skipped: `document ${document}` };
  let recipients = payload.recipients ?? [];
  if (payload.selfUserId) {
    const [user] = await deps.identity.lookupUsers([payload.selfUserId]);
    if (!user?.email) return { skipped: 'the user has no e-mail address' };
    recipients = [user.email];
  }
  const files = await allPdfs(document);
  const company =
    typeof document.source.form.clientCompanyName === 'string'
      ? document.source.form.clientCompanyName
      : document.company;
  const message = plainMessage([
    'Hello,',
    `Attached are the Section 125 Premium Only Plan documents of ${company}: the Plan Document, the Summary Plan Description and the Resolution.`,
    'Please print, sign and keep them with your plan records.',
    { label: 'Open your POP documents', url: `${deps.appUrl}/document/${payload.documentId}/download` },
    'POP Documents',
  ]);
  await deps.db.transaction().execute(async (trx) => {
    const archived: string[] = [];
    for (const file of files) {
      archived.push(
        await archiveFile(trx, { documentId: payload.documentId, ...file, generatedBy: payload.requestedBy }),
      );
    }
    for (const to of recipients) {
      await enqueueMail(
        trx,
        { to, subject: `Your POP documents: ${company}`, ...message, attachments: archived },
        `${SEND_DOCUMENTS}:${job.job_id}:${to.toLowerCase()}`,
      );
    }
  });
  return { recipients: recipients.length };
}

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
