import type { MailMessage } from 'shared-domain/server';
import type { Db } from '../db/index.js';
import { newPasscode } from './one-time-secrets.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './password.js';
import { findByUsernameOrEmail, type User } from './users.js';

/** Checks one passcode may take before it is spent (specs' reset step 2, README). */
export const PASSCODE_MAX_ATTEMPTS = 5;

export const PASSCODE_MAIL_SUBJECT = 'Your POP Documents passcode';

/**
 * Makes a new passcode for the account a person names by username or e-mail address, replacing any
 * earlier one. Undefined (and nothing stored) for an unknown account or a federated one, whose
 * password lives with its identity provider.
 */
export async function issuePasscode(
  db: Db,
  usernameOrEmail: string,
  ttlMinutes: number,
  now = new Date(),
): Promise<{ user: User; passcode: string } | undefined> {
  const user = await findByUsernameOrEmail(db, usernameOrEmail);
  if (!user || user.identityProvider) return undefined;
  const passcode = newPasscode();
  // scrypt, like passwords: a million possible passcodes would not resist a fast hash.
  const passcodeHash = await hashPassword(passcode);
  const fresh = {
    passcode_hash: passcodeHash,
    attempts: 0,
    expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
    created_at: now.toISOString(),
  };
  await db
    .insertInto('passcode')
    .values({ user_id: user.userId, ...fresh })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fresh))
    .execute();
  return { user, passcode };
}

/** The e-mail that carries a passcode; the `Passcode: 123456` line is what people (and tests) look for. */
export function passcodeMail(user: User, passcode: string, ttlMinutes: number): MailMessage {
  return {
    to: user.email,
    subject: PASSCODE_MAIL_SUBJECT,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Someone asked to reset the password of the POP Documents account "${user.username}".`,
      'Enter this passcode with your new password:',
      '',
      `Passcode: ${passcode}`,
      '',
      `It can be used once, within ${ttlMinutes} minutes.`,
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}

/**
 * Sets a new password with an e-mailed passcode. Each check is counted before it runs (one UPDATE),
 * so parallel guesses cannot exceed PASSCODE_MAX_ATTEMPTS; the passcode is deleted in the same
 * transaction that sets the password, so it works once. Success also ends a lockout and a password
 * expiry (the person has just proven who they are) and touches nothing else: sessions stay.
 * Every failure reads alike (unknown user, federated user, wrong, expired or spent passcode).
 */
export async function resetPassword(
  db: Db,
  input: { username: string; passcode: string; password: string },
  now = new Date(),
): Promise<boolean> {
  const passcode = input.passcode.replace(/\s+/g, '');
  const user = await findByUsernameOrEmail(db, input.username);
  if (!user || user.identityProvider) {
    await spendPasswordCheck(passcode);
    return false;
  }
  const at = now.toISOString();
  const claimed = await db
    .updateTable('passcode')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', user.userId)
    .where('attempts', '<', PASSCODE_MAX_ATTEMPTS)
    .where('expires_at', '>', at)
    .returning(['passcode_hash'])
    .executeTakeFirst();
  if (!claimed) {
    await spendPasswordCheck(passcode);
    return false;
  }
  if (!(await verifyPassword(passcode, claimed.passcode_hash))) return false;

  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    // Only the passcode just checked: a parallel use, or a newer passcode, wins over us.
    const used = await trx
      .deleteFrom('passcode')
      .where('user_id', '=', user.userId)
      .where('passcode_hash', '=', claimed.passcode_hash)
      .executeTakeFirst();
    if (used.numDeletedRows === 0n) return false;
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        failed_attempts: 0,
        locked_until: null,
        password_expires_at: null,
        updated_at: at,
      })
      .where('id', '=', user.userId)
      .execute();
    return true;
  });
}
