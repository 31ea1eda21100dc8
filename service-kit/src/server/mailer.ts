import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Metrics } from './metrics.js';

export interface MailMessage {
  /** One address, or several for one message (a reminder to a company's contacts). */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the message went to the outbox instead of an SMTP server. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` (or smtps://). Unset: messages go to `outboxDir` as .eml files. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  /** Where "written to the outbox" lines go (the service's logger). */
  log: { info(object: object, message: string): void };
  /** The service's metrics (`app.metrics`): `mail_messages_total{outcome}` counts each send. */
  metrics?: Metrics;
}

/** The counter of e-mails, by outcome (`sent`, `failed`): one per service's registry. */
export const MAIL_MESSAGES = 'mail_messages_total';

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise every message is written to the outbox as an
 * .eml file (open it with any mail client) and its path is logged, so a developer machine needs no
 * mail server and nothing is lost.
 */
export function createMailer(options: MailerOptions): Mailer {
  const smtp: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const counted = options.metrics?.counter({
    name: MAIL_MESSAGES,
    help: 'E-mails handed to the SMTP server or written to the outbox (sent), or refused on the way (failed)',
    labelNames: ['outcome'],
  });

  async function send(message: MailMessage): Promise<SentMail> {
    const envelope = { from: options.from, ...message };
    if (smtp) {
      const info = (await smtp.sendMail(envelope)) as { messageId: string };
      return { messageId: info.messageId };
    }
    const info = (await outbox.sendMail(envelope)) as { messageId: string; message: Buffer };
    await mkdir(options.outboxDir, { recursive: true });
    const file = join(
      options.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
    );
    await writeFile(file, info.message, { mode: 0o600 });
    options.log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox');
    return { messageId: info.messageId, file };
  }

  return {
    async send(message) {
      try {
        const sent = await send(message);
        counted?.inc({ outcome: 'sent' });
        return sent;
      } catch (error) {
        counted?.inc({ outcome: 'failed' });
        throw error;
      }
    },
    close() {
      smtp?.close();
    },
  };
}
