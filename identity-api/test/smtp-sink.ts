import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 (a free port) that keeps every message it receives, parsed. */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Messages addressed to `address`. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
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
    to: (recipient) =>
      messages.filter((mail) => {
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        return to.some((group) => group.value.some((entry) => entry.address === recipient));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit passcode of a passcode e-mail (its `Passcode: 123456` line). */
export function passcodeOf(mail: Pick<ParsedMail, 'text'> | undefined): string {
  const match = /^Passcode: (\d{6})$/m.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no passcode line in ${JSON.stringify(mail?.text)}`);
  return match[1];
}
