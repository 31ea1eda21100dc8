import type { Kysely } from 'kysely';
import {
  findSecrets,
  readableFiles,
  readableRecords,
  type Finding,
  type Readable,
} from 'shared-domain/testing';
import type { Database } from '../../src/db/schema.js';
import { snapshot } from './parties.js';

/** Where cart-api keeps what it was given: its database, its log lines and its e-mails. */
export interface Keepers {
  db: Kysely<Database>;
  logLines: readonly string[];
  outboxDir: string;
}

/**
 * The secrets cart-api kept, read as a person would: every table's rows, every log line, and every
 * e-mail of the outbox decoded (headers, text, HTML, each PDF attachment's text). Empty when none.
 */
export async function secretsKept(keepers: Keepers, secrets: readonly string[]): Promise<Finding[]> {
  const readables: Readable[] = [
    readableRecords('database', await snapshot(keepers.db)),
    ...keepers.logLines.map((text, index) => ({ source: `log line ${index + 1}`, text })),
    ...(await readableFiles(keepers.outboxDir)).map(({ source, text }) => ({
      source: `outbox/${source}`,
      text,
    })),
  ];
  return findSecrets(readables, secrets);
}

/**
 * Payment secrets no run can hold by chance: an American Express number (15 digits, shown as typed
 * and as digits), a 4-digit CVV with a leading zero (no number the service prints, a count, a pid, an
 * amount in cents, starts with 0; dates and times split at `/`, `-` and `:`), a 12-digit account number.
 */
export const PAYMENT_SECRETS = {
  cardNumber: '3782 822463 10005',
  cvv: '0417',
  accountNumber: '740392615208',
} as const;

export const PAYMENT_SECRET_FORMS = [
  PAYMENT_SECRETS.cardNumber,
  PAYMENT_SECRETS.cardNumber.replace(/\s/g, ''),
  PAYMENT_SECRETS.cvv,
  PAYMENT_SECRETS.accountNumber,
] as const;
