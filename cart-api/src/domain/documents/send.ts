import { MESSAGES } from 'shared-domain';
import type { Job } from '../../jobs/queue.js';
import { enqueueMail, plainMessage, type MailDeps } from '../../mail/outgoing.js';
import { archiveFile } from './archive.js';
import { allPdfs, printableDocument } from './files.js';

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
