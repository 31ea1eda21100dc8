import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';
import { E2E_DATA_DIR } from './stack.js';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
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
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}

/** The newest message the SMTP sink received for `address`, waiting for it to arrive. */
export async function latestMailTo(address: string, count = 1): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readAll()).filter((mail) => mail.to.includes(address));
        return found.length;
      },
      { message: `an e-mail to ${address}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[found.length - 1]!;
}

/** The passcode of a password-reset e-mail ("Passcode: 123456"). */
export function passcodeOf(mail: ReceivedMail): string {
  const match = /Passcode:\s*(\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no passcode in: ${mail.text}`);
  return match[1]!;
}
