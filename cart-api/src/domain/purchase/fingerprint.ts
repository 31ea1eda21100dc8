import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

/**
 * Which card or account (and billing) an unconfirmed purchase was charged with, without keeping it
 * (README "Once only"): the processor answers a retry with the first result only when the retry
 * sends the same invoice number, amount, card or account and billing (Authorize.Net's duplicate
 * check), so a purchase resumed with other details would be a second charge. Stored in the purchase
 * snapshot until the purchase is settled, then dropped.
 *
 * A per-purchase random salt and scrypt: a card number has few unknown digits once its last four are
 * known, so a fast hash would give it back to whoever reads the database; scrypt makes each guess cost
 * tens of milliseconds, and the salt makes each purchase's guesses its own.
 */
export interface PaymentFingerprint {
  /** base64 of 16 random bytes. */
  salt: string;
  /** base64 of scrypt(fields, salt). */
  hash: string;
}

const KEY_LENGTH = 32;
/** scrypt's cost (2^14, r 8: about 16 MiB and 50 ms a hash): paid once per attempt that charges. */
const COST = { N: 2 ** 14, r: 8, p: 1 } as const;

function derive(fields: readonly string[], salt: BinaryLike): Promise<Buffer> {
  // A separator no field holds: ['12', '3'] and ['1', '23'] differ.
  const secret = fields.join('\u001f');
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The fingerprint of the fields the processor compares (`comparedFields` in purchase.ts). */
export async function fingerprintOf(fields: readonly string[]): Promise<PaymentFingerprint> {
  const salt = randomBytes(16);
  return { salt: salt.toString('base64'), hash: (await derive(fields, salt)).toString('base64') };
}

/** Whether these fields are the ones `fingerprint` was made of. */
export async function samePayment(
  fields: readonly string[],
  fingerprint: PaymentFingerprint,
): Promise<boolean> {
  const expected = Buffer.from(fingerprint.hash, 'base64');
  const actual = await derive(fields, Buffer.from(fingerprint.salt, 'base64'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
