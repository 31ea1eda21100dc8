import type { TemporaryUserToken } from 'shared-domain';
import type { Db } from '../db/index.js';
import { addressChange } from './email-verification.js';
import { newToken, tokenHash } from './one-time-secrets.js';
import { hashPassword } from './password.js';
import { findById, findByUsername, usernameKey, UsernameTakenError, withUniqueUsername } from './users.js';

/** Makes a first-login link token for a user; only its hash is stored. */
export async function issueTemporaryUserToken(
  db: Db,
  userId: string,
  ttlHours: number,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('temporary_user_token')
    .values({
      token_hash: tokenHash(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + ttlHours * 3_600_000).toISOString(),
      consumed_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** The user a live (unused, unexpired) token is for, in the shape the welcome page shows. */
export async function findTemporaryUserToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<TemporaryUserToken | undefined> {
  const row = await db
    .selectFrom('temporary_user_token')
    .select('user_id')
    .where('token_hash', '=', tokenHash(token))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  const user = row && (await findById(db, row.user_id));
  if (!user) return undefined;
  return {
    userId: user.userId,
    user: { userName: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email },
  };
}

export interface FirstTimeSetup {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

class SpentToken extends Error {}

/**
 * A completed setup: `keptAddress` when the person kept the address the link was sent to (opening that
 * link proves it: the caller marks it verified); else `verify`, the new address that waits for its link.
 */
export type CompletedSetup = { keptAddress: true; verify: null } | { keptAddress: false; verify: string };

/**
 * Completes the first-login welcome: the token must be live and belong to `userId`. Consuming it is
 * one conditional UPDATE inside the transaction that sets the account, so of two parallel uses one
 * wins; the user's other live tokens are consumed too, so no older link can set the account again.
 * False when the token does not qualify; throws UsernameTakenError when the chosen username is taken.
 */
export async function completeFirstTimeSetup(
  db: Db,
  userId: string,
  token: string,
  setup: FirstTimeSetup,
  now = new Date(),
): Promise<CompletedSetup | false> {
  const hash = tokenHash(token);
  const at = now.toISOString();
  if ((await findTemporaryUserToken(db, token, now))?.userId !== userId) return false;
  const owner = await findByUsername(db, setup.username);
  if (owner && owner.userId !== userId) throw new UsernameTakenError(setup.username);
  const account = await findById(db, userId);
  if (!account) return false;
  const address = addressChange(account, setup.email);

  const passwordHash = await hashPassword(setup.password);
  try {
    await withUniqueUsername(setup.username, () =>
      db.transaction().execute(async (trx) => {
        const consumed = await trx
          .updateTable('temporary_user_token')
          .set({ consumed_at: at })
          .where('token_hash', '=', hash)
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        if (consumed.numUpdatedRows === 0n) throw new SpentToken();
        await trx
          .updateTable('temporary_user_token')
          .set({ consumed_at: at })
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .updateTable('users')
          .set({
            username: setup.username,
            username_key: usernameKey(setup.username),
            first_name: setup.firstname,
            last_name: setup.lastname,
            ...address.set,
            password_hash: passwordHash,
            // A password just chosen is neither expired nor behind a lock someone else caused.
            password_expires_at: null,
            failed_attempts: 0,
            locked_until: null,
            updated_at: at,
          })
          .where('id', '=', userId)
          .execute();
      }),
    );
  } catch (error) {
    if (error instanceof SpentToken) return false;
    throw error;
  }
  return address.verify === null
    ? { keptAddress: true, verify: null }
    : { keptAddress: false, verify: address.verify };
}
