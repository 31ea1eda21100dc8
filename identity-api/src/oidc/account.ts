import type { Account } from 'oidc-provider';
import type { Db } from '../db/index.js';
import { findById } from '../users/users.js';

/** The account oidc-provider sees: the id_token claims of the contract (README "Tokens"). */
export async function findAccount(db: Db, accountId: string): Promise<Account | undefined> {
  const user = await findById(db, accountId);
  if (!user) return undefined;
  return {
    accountId: user.userId,
    claims: () => ({
      sub: user.userId,
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      preferred_username: user.username,
      roles: user.roles,
    }),
  };
}

/** Claims every access token carries besides sub: what cart-api authorizes with. */
export async function accessTokenClaims(
  db: Db,
  accountId: string,
): Promise<{ roles: string[]; username: string } | undefined> {
  const user = await findById(db, accountId);
  return user && { roles: user.roles, username: user.username };
}
