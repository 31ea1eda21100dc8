import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

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
}

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

  return {
    async send(message) {
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
    },
    close() {
      smtp?.close();
    },
  };
}
