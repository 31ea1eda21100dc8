import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { spendPasswordCheck, verifyPassword } from './password.js';
import { claimAttempt, findByUsername, settleSuccessfulAttempt, type User } from './users.js';

/** The error keys of a refused sign-in (specs/1-foundation.md §7, Identity api). */
export type SignInRefusal = 'user_not_found' | 'gsuite' | 'locked_out' | 'unauthorized' | 'password_expired';

export interface SignInOptions {
  /** Set by the demo external identity page, which signs federated users in (their `gsuite` case). */
  acceptFederated?: boolean;
}

/** A refused sign-in; an expired password comes with its user (the password was right). */
export type SignInResult =
  | { ok: true; user: User }
  | { ok: false; error: Exclude<SignInRefusal, 'password_expired'> }
  | { ok: false; error: 'password_expired'; user: User };

/**
 * Checks a username and password in the order the keys need: unknown user, federated user, lockout
 * (before the password, so a locked account gives nothing away), password, expiry. Each attempt is
 * counted before its password is checked (claimAttempt), so however many guesses run in parallel, at
 * most `maxFailedAttempts` of them are checked per lock window.
 */
export async function signIn(
  db: Db,
  lockout: Config['lockout'],
  username: string,
  password: string,
  now = new Date(),
  options: SignInOptions = {},
): Promise<SignInResult> {
  const user = await findByUsername(db, username);
  if (!user) {
    await spendPasswordCheck(password);
    return { ok: false, error: 'user_not_found' };
  }
  if (user.identityProvider && !options.acceptFederated) return { ok: false, error: 'gsuite' };

  const claimed = await claimAttempt(db, user.userId, lockout, now);
  if (!claimed) return { ok: false, error: 'locked_out' };

  if (!(await verifyPassword(password, user.passwordHash))) {
    // The attempt that reached the threshold has locked the account: the user learns it at once.
    return { ok: false, error: claimed.lockSet ? 'locked_out' : 'unauthorized' };
  }

  if (!(await settleSuccessfulAttempt(db, user.userId, claimed, now))) {
    return { ok: false, error: 'locked_out' };
  }
  if (user.passwordExpiresAt && new Date(user.passwordExpiresAt) <= now) {
    return { ok: false, error: 'password_expired', user };
  }
  return { ok: true, user };
}
