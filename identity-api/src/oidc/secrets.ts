import type { JWK } from 'jose';
import type { Db } from '../db/index.js';
import { providerKeys, publicJwks, readKeySet } from './keys.js';

/** The private signing keys in force, the current (signing) one first (src/oidc/keys.ts). */
export async function signingKeys(db: Db): Promise<JWK[]> {
  return providerKeys(await readKeySet(db, new Date())).jwks;
}

/** Their public halves, as the JWKS lists them. */
export async function publicSigningKeys(db: Db): Promise<JWK[]> {
  return publicJwks(await readKeySet(db, new Date()));
}
