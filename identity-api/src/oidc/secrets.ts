import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/index.js';

/**
 * Reads a generated secret, creating it on first use. Insert-if-absent then read back, so two
 * instances starting together on one database end up with the same value.
 */
async function loadOrCreate(db: Db, name: string, create: () => Promise<string>): Promise<string> {
  const existing = await db.selectFrom('secret').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('secret')
    .values({ name, value: await create(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value;
}

/** The private signing keys (RS256, the OIDC default alg every client supports). */
export async function signingKeys(db: Db): Promise<JWK[]> {
  const value = await loadOrCreate(db, 'jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    return JSON.stringify({ keys: [jwk] });
  });
  return (JSON.parse(value) as { keys: JWK[] }).keys;
}

/** Keys that sign oidc-provider's cookies. */
export async function cookieKeys(db: Db): Promise<string[]> {
  const value = await loadOrCreate(db, 'cookie_keys', async () =>
    JSON.stringify([randomBytes(32).toString('base64url')]),
  );
  return JSON.parse(value) as string[];
}

// Members of a private JWK; what is left is the public key.
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public halves of the signing keys: what our own routes verify access tokens against. */
export async function publicSigningKeys(db: Db): Promise<JWK[]> {
  return (await signingKeys(db)).map(
    (key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK,
  );
}
