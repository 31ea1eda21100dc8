import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt cost: N=2^15, r=8, p=1 (32 MiB, ~100 ms). Stored with each hash, so it can be raised later
// without invalidating existing passwords.
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A self-describing hash: `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger)) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const DUMMY_HASH = hashPassword(randomBytes(12).toString('base64url'));

/** Spends the same scrypt work as a real check, so an unknown username answers no faster. */
export async function spendPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await DUMMY_HASH);
}
