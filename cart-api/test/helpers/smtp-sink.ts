import { SMTPServer } from 'smtp-server';
import { readableMail, type Readable } from 'shared-domain/testing';

/** A message as the sink received it: the envelope's recipients and the raw message. */
export interface ReceivedMail {
  recipients: string[];
  raw: Buffer;
}

/** A real SMTP server (`smtp-server`) on 127.0.0.1 (a free port) that keeps every message it accepts. */
export interface SmtpSink {
  /** For SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** A message as its reader sees it (headers, text, HTML, each PDF's text: shared-domain/testing). */
  read(mail: ReceivedMail): Promise<Readable[]>;
  close(): Promise<void>;
}

/** A message is kept before the server's `250` answer, so a send that resolved has been received. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        messages.push({
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    read: (mail) => readableMail(mail.raw, mail.recipients.join(', ')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
