import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { newToken, tokenHash } from '../users/one-time-secrets.js';
import { findByUsername } from '../users/users.js';

/**
 * One-time sign-in tokens (`/auth?token=`, exchanged by the one-time-token grant): 32 random bytes,
 * base64url; only their SHA-256 is stored (a token this random needs no salt or slow hash), and the
 * row is deleted as the token is used, so a token works once and a database leak yields none.
 */
export async function issueLoginToken(
  db: Db,
  userId: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  // Old tokens are useless: drop them here rather than in a scheduled job.
  await db.deleteFrom('login_token').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('login_token')
    .values({
      token_hash: tokenHash(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * Uses a token up: the user id it was issued for, or undefined when it is unknown, already used or
 * expired. One DELETE … RETURNING, so of two parallel uses only one gets the user.
 */
export async function consumeLoginToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('login_token')
    .where('token_hash', '=', tokenHash(token))
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > now.toISOString() ? row.user_id : undefined;
}

/** The sign-in link for `issue-login-token <username>`: `${APP_URL}/auth?token=…`; undefined for no such user. */
export async function loginLink(
  db: Db,
  config: Pick<Config, 'appUrl' | 'loginTokenTtlSeconds'>,
  username: string,
): Promise<string | undefined> {
  const user = await findByUsername(db, username);
  if (!user) return undefined;
  const token = await issueLoginToken(db, user.userId, config.loginTokenTtlSeconds);
  return `${config.appUrl}/auth?token=${token}`;
}
