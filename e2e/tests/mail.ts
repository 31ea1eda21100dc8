import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';
import { E2E_DATA_DIR } from './stack.js';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string | null; mimeType: string; content: Buffer }[];
}

const mailDir = () => join(E2E_DATA_DIR, 'mail-sink');

async function readAll(): Promise<ReceivedMail[]> {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir()).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = await PostalMime.parse(readFileSync(join(mailDir(), file)));
      const to = (parsed.to ?? []).map((address) => address.address ?? '').join(', ');
      const attachments = parsed.attachments.map((attachment) => ({
        filename: attachment.filename,
        mimeType: attachment.mimeType,
        content: Buffer.from(
          typeof attachment.content === 'string' ? attachment.content : new Uint8Array(attachment.content),
        ),
      }));
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', attachments };
    }),
  );
}

/** The newest message the SMTP sink received for `address`, waiting for it to arrive. */
export async function latestMailTo(address: string, count = 1): Promise<ReceivedMail> {
  return latestMail((mail) => mail.to.includes(address), `an e-mail to ${address}`, count);
}

/** The newest message the SMTP sink received that `matches`, waiting for at least `count` of them. */
export async function latestMail(
  matches: (mail: ReceivedMail) => boolean,
  description: string,
  count = 1,
): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readAll()).filter(matches);
        return found.length;
      },
      { message: description, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[found.length - 1]!;
}

/**
 * The newest password-reset e-mail to `address`, waiting for it. Not just the newest e-mail: a
 * registration's verification e-mail goes to the same address first (identity-api "E-mail addresses").
 */
export async function latestPasscodeMailTo(address: string): Promise<ReceivedMail> {
  return latestMail(
    (mail) => mail.to.includes(address) && mail.subject === 'Your POP Documents passcode',
    `a passcode e-mail to ${address}`,
  );
}

/** The newest e-mail verification link's path and query sent to `address` (`/verify-email?token=…`). */
export async function latestVerificationLinkTo(address: string): Promise<string> {
  const mail = await latestMail(
    (mail) => mail.to.includes(address) && mail.subject === 'Verify your e-mail address for POP Documents',
    `a verification e-mail to ${address}`,
  );
  const url = new URL(/(https?:\/\/\S+\/verify-email\?token=[\w-]+)/.exec(mail.text)![1]!);
  return url.pathname + url.search;
}

/** The passcode of a password-reset e-mail ("Passcode: 123456"). */
export function passcodeOf(mail: ReceivedMail): string {
  const match = /Passcode:\s*(\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no passcode in: ${mail.text}`);
  return match[1]!;
}
