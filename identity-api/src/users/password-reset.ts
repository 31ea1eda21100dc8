import { sql } from 'kysely';
import type { MailMessage } from 'service-kit/server';
import type { Db } from '../db/index.js';
import { revokeAccount } from '../oidc/adapter.js';
import { newPasscode } from './one-time-secrets.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './password.js';
import { findByUsernameOrEmail, type User } from './users.js';

/**
 * Passcode checks an account may spend per window, whatever the number of passcodes (specs' reset
 * step 2: five tries; README). A new passcode keeps the count, so "request, guess five, repeat" buys
 * no more guesses: at the limit the account waits for the window to pass.
 */
export const PASSCODE_MAX_ATTEMPTS = 5;
/** Passcode e-mails per account per window; further requests get the same answer and no e-mail. */
export const PASSCODE_MAX_MAILS = 3;
/** The window of both limits, counted from its first check or e-mail. */
export const PASSCODE_WINDOW_MINUTES = 60;

export const PASSCODE_MAIL_SUBJECT = 'Your POP Documents passcode';

/**
 * Makes a new passcode for the account a person names by username or e-mail address, replacing any
 * earlier one. Undefined (and nothing changed) for an unknown account, a federated one (its password
 * lives with its identity provider), or one that had PASSCODE_MAX_MAILS e-mails in the window.
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
  const at = now.toISOString();
  const windowStart = windowStartOf(now);
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000).toISOString();
  // One statement decides, so parallel requests cannot exceed the e-mail limit: the replacement only
  // happens (and a row only comes back) while the window has e-mails left. Tries spent in the window
  // carry over to the new passcode.
  const issued = await db
    .insertInto('passcode')
    .values({
      user_id: user.userId,
      passcode_hash: passcodeHash,
      attempts: 0,
      attempts_since: null,
      mails_sent: 1,
      mails_since: at,
      expires_at: expiresAt,
      created_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          passcode_hash: passcodeHash,
          expires_at: expiresAt,
          created_at: at,
          attempts: sql<number>`case when passcode.attempts_since > ${windowStart} then passcode.attempts else 0 end`,
          attempts_since: sql<
            string | null
          >`case when passcode.attempts_since > ${windowStart} then passcode.attempts_since else null end`,
          mails_sent: sql<number>`case when passcode.mails_since > ${windowStart} then passcode.mails_sent + 1 else 1 end`,
          mails_since: sql<string>`case when passcode.mails_since > ${windowStart} then passcode.mails_since else ${at} end`,
        })
        .where((eb) =>
          eb.or([
            eb('passcode.mails_since', 'is', null),
            eb('passcode.mails_since', '<=', windowStart),
            eb('passcode.mails_sent', '<', PASSCODE_MAX_MAILS),
          ]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return issued ? { user, passcode } : undefined;
}

/** The start of the limits' window that ends `now`. */
function windowStartOf(now: Date): string {
  return new Date(now.getTime() - PASSCODE_WINDOW_MINUTES * 60_000).toISOString();
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
 * so parallel guesses cannot exceed PASSCODE_MAX_ATTEMPTS per window; the passcode is deleted in the
 * same transaction that sets the password, so it works once. Success also ends a lockout and a
 * password expiry (the person has just proven who they are) and every session of the account: its
 * grants and refresh tokens are revoked, so whoever held the old password is out at their next refresh.
 * Every failure reads alike (unknown user, federated user, wrong, expired or spent passcode, no tries left).
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
  const windowStart = windowStartOf(now);
  // A window older than the hour starts again with this check.
  const claimed = await db
    .updateTable('passcode')
    .set({
      attempts: sql<number>`case when attempts_since > ${windowStart} then attempts + 1 else 1 end`,
      attempts_since: sql<string>`case when attempts_since > ${windowStart} then attempts_since else ${at} end`,
    })
    .where('user_id', '=', user.userId)
    .where('expires_at', '>', at)
    .where((eb) =>
      eb.or([
        eb('attempts_since', 'is', null),
        eb('attempts_since', '<=', windowStart),
        eb('attempts', '<', PASSCODE_MAX_ATTEMPTS),
      ]),
    )
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
    await revokeAccount(trx, user.userId);
    return true;
  });
}
