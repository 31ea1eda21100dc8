import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, notFound, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { enqueue, type Job } from '../../jobs/queue.js';
import { documentRecipients, enqueueMail, plainMessage, type MailDeps } from '../../mail/outgoing.js';
import { logDocumentChange } from '../clients/change-log.js';
import { limitDocumentSend } from '../limits/limits.js';
import { printableDocument } from './files.js';
import { documentPdfs } from './generated.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { storedDocument } from './queries.js';

export const SEND_DOCUMENTS = 'send-documents';

/** The client's change log of a Send to Self (`'self'`) or a Send to All (its addresses), when asked. */
export function logSendRequested(
  db: Kysely<Database>,
  documentId: string,
  caller: Pick<Caller, 'userId' | 'username'>,
  recipients: 'self' | string[],
): Promise<void> {
  return logDocumentChange(db, {
    documentId,
    caller,
    describe: (document) =>
      recipients === 'self'
        ? `${document} e-mailed to ${caller.username || 'its requester'} (Send to Self)`
        : `${document} e-mailed to ${recipients.join(', ')} (Send to All)`,
  });
}

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
 * Send to Self (`'self'`) or Send to All (`'all'`) of a Paid document (specs/2-documents.md §2, §7):
 * the request answers at once; its `send-documents` job makes the PDFs and e-mails them. One
 * transaction counts the send against its limit (README "Limits": `429` past it), queues the job and
 * writes the change log, so a refused send leaves nothing behind. Answers how many e-mails will go.
 */
export async function requestDocumentSend(
  app: FastifyInstance,
  caller: Pick<Caller, 'userId' | 'username'>,
  documentId: string,
  to: 'self' | 'all',
): Promise<number> {
  const stored = await storedDocument(app.db, documentId);
  if (!stored) throw notFound(DOCUMENTS_MESSAGES.notFound);
  if (stored.status !== 'Paid') throw badRequest(DOCUMENTS_MESSAGES.send.purchaseFirst);
  const recipients = to === 'all' ? documentRecipients(stored.form) : 'self';
  if (recipients !== 'self' && recipients.length === 0)
    throw badRequest(DOCUMENTS_MESSAGES.send.noRecipients);
  const payload: SendDocumentsPayload =
    recipients === 'self'
      ? { documentId, selfUserId: caller.userId, requestedBy: caller.userId }
      : { documentId, recipients, requestedBy: caller.userId };
  const now = app.now();
  await app.db.transaction().execute(async (trx) => {
    await limitDocumentSend(trx, caller, documentId, to, now);
    await enqueue(trx, { kind: SEND_DOCUMENTS, payload, ownerId: caller.userId }, now);
    await logSendRequested(trx, documentId, caller, recipients);
  });
  app.jobs.wake();
  return recipients === 'self' ? 1 : recipients.length;
}

/** What an e-mail of a document's PDFs says before its link: Send to Self / Send to All's by default. */
export interface DocumentsLetter {
  subject: string;
  paragraphs: string[];
}

const sendLetter = (company: string): DocumentsLetter => ({
  subject: `Your POP documents: ${company}`,
  paragraphs: [
    'Hello,',
    `Attached are the Section 125 Premium Only Plan documents of ${company}: the Plan Document, the Summary Plan Description and the Resolution.`,
    'Please print, sign and keep them with your plan records.',
  ],
});

/**
 * Makes the three PDFs (or reads them from the archive when the document is unchanged since they were
 * made), then, in one transaction, archives those just made and queues one e-mail per recipient
 * carrying them (each recipient's e-mail exists exactly when the files do). A retry of the job after
 * its commit queues nothing twice (each e-mail's key names this job and its recipient) and makes no
 * file again (the archive has them). `letterOf`: what the e-mail says (the revised documents' own:
 * revised-mail.ts).
 */
export async function sendDocumentsJob(
  deps: MailDeps,
  payload: SendDocumentsPayload,
  job: Job,
  letterOf: (company: string) => DocumentsLetter = sendLetter,
) {
  const document = await printableDocument(deps.db, payload.documentId);
  if (typeof document === 'string') return { skipped: `document ${document}` };
  let recipients = payload.recipients ?? [];
  if (payload.selfUserId) {
    const [user] = await deps.identity.lookupUsers([payload.selfUserId]);
    if (!user?.email) return { skipped: 'the user has no e-mail address' };
    recipients = [user.email];
  }
  const pdfs = await documentPdfs(deps.db, payload.documentId, document);
  const company =
    typeof document.source.form.clientCompanyName === 'string'
      ? document.source.form.clientCompanyName
      : document.company;
  const letter = letterOf(company);
  const message = plainMessage([
    ...letter.paragraphs,
    { label: 'Open your POP documents', url: `${deps.appUrl}/document/${payload.documentId}/download` },
    'POP Documents',
  ]);
  await deps.db.transaction().execute(async (trx) => {
    const archived = await pdfs.keep(trx, payload.requestedBy);
    for (const to of recipients) {
      await enqueueMail(
        trx,
        { to, subject: letter.subject, ...message, attachments: archived },
        { uniqueKey: `${SEND_DOCUMENTS}:${job.job_id}:${to.toLowerCase()}`, ownerId: job.owner_id },
      );
    }
  });
  return { recipients: recipients.length };
}
