import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { spendPasswordCheck, verifyPassword } from './password.js';
import { findByUsername, lockOut, recordFailedAttempt, resetFailedAttempts, type User } from './users.js';

/** The error keys of a refused sign-in (specs/1-foundation.md §7, Identity api). */
export type SignInRefusal = 'user_not_found' | 'gsuite' | 'locked_out' | 'unauthorized' | 'password_expired';

export type SignInResult = { ok: true; user: User } | { ok: false; error: SignInRefusal };

/**
 * Checks a username and password in the order the keys need: unknown user, federated user, lockout
 * (before the password, so a locked account gives nothing away), password, expiry.
 */
export async function signIn(
  db: Db,
  lockout: Config['lockout'],
  username: string,
  password: string,
  now = new Date(),
): Promise<SignInResult> {
  const user = await findByUsername(db, username);
  if (!user) {
    await spendPasswordCheck(password);
    return { ok: false, error: 'user_not_found' };
  }
  if (user.identityProvider) return { ok: false, error: 'gsuite' };
  if (user.lockedUntil && new Date(user.lockedUntil) > now) return { ok: false, error: 'locked_out' };

  if (!(await verifyPassword(password, user.passwordHash))) {
    const failures = await recordFailedAttempt(db, user.userId);
    if (failures >= lockout.maxFailedAttempts) {
      await lockOut(db, user.userId, new Date(now.getTime() + lockout.lockoutMinutes * 60_000));
      return { ok: false, error: 'locked_out' };
    }
    return { ok: false, error: 'unauthorized' };
  }

  await resetFailedAttempts(db, user.userId);
  if (user.passwordExpiresAt && new Date(user.passwordExpiresAt) <= now) {
    return { ok: false, error: 'password_expired' };
  }
  return { ok: true, user };
}
