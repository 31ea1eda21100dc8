import { escapeHtml } from 'shared-domain';
import type { Kysely } from 'kysely';
import type { Mailer } from 'service-kit/server';
import type { Database } from '../db/schema.js';
import { enqueue, type NewJob } from '../jobs/queue.js';
import { archivedFiles } from '../domain/documents/archive.js';
import type { IdentityDirectory } from '../plugins/app/identity.js';

/** What the mail jobs need: the database, the mailer, identity-api's users and the links' base. */
export interface MailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  identity: IdentityDirectory;
  /** Where browsers reach the product: links in e-mails (APP_URL). */
  appUrl: string;
}

/** An e-mail waiting in the `send-email` job: attachments are archived files, read when it is sent. */
export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  /** `document_archive` ids. */
  attachments?: string[];
}

export const SEND_EMAIL = 'send-email';

/**
 * Queues an e-mail inside the caller's transaction: it is sent after the commit, retried when the
 * mail server fails, and kept across restarts. `uniqueKey` makes it once only, ever; `ownerId` is the
 * user it is sent for (who caused it; none for the service's own: README "Jobs").
 */
export const enqueueMail = (
  db: Kysely<Database>,
  mail: OutgoingMail,
  { uniqueKey, ownerId, now }: { uniqueKey?: string; ownerId?: string | null; now?: Date } = {},
) => enqueue(db, { ...mailJob(mail), ...(uniqueKey ? { uniqueKey } : {}), ownerId: ownerId ?? null }, now);

/** The `send-email` job of a message, to enqueue (several at once: `enqueueUnique`). */
export const mailJob = (mail: OutgoingMail): NewJob => ({ kind: SEND_EMAIL, payload: mail });

/** The `send-email` job: one message, its attachments read from the archive unchanged. */
export async function sendQueuedMail(deps: Pick<MailDeps, 'db' | 'mailer'>, mail: OutgoingMail) {
  const files = await archivedFiles(deps.db, mail.attachments ?? []);
  const attachments = files.map((file) => ({
    filename: file.name,
    content: file.bytes,
    contentType: file.contentType,
  }));
  await deps.mailer.send({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments,
  });
  return { to: mail.to, attachments: attachments.length };
}

/**
 * A plain multipart message: paragraphs of text, and links shown as `label: url` in the text part and
 * as anchors in the HTML part (every value escaped).
 */
export function plainMessage(paragraphs: (string | { label: string; url: string })[]): {
  text: string;
  html: string;
} {
  const text = paragraphs
    .map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.url}`))
    .join('\n\n');
  const html = paragraphs
    .map((part) =>
      typeof part === 'string'
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.url)}">${escapeHtml(part.label)}</a></p>`,
    )
    .join('\n');
  return {
    text,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif">${html}</body></html>`,
  };
}

/** The e-mail addresses of a document's people (Send to All, the reminders), each once. */
export function documentRecipients(form: Record<string, unknown>): string[] {
  const fields = [
    'primaryEmail',
    'alternateEmail1',
    'alternateEmail2',
    'benefitContactEmail',
    'additionalContactEmail1',
    'additionalContactEmail2',
  ];
  const seen = new Map<string, string>();
  for (const field of fields) {
    const value = form[field];
    if (typeof value !== 'string') continue;
    const address = value.trim();
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}
