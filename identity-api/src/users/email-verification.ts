import type { MailMessage } from 'service-kit/server';
import type { Db } from '../db/index.js';
import { newToken, tokenHash } from './one-time-secrets.js';
import {
  emailKey,
  EmailTakenError,
  findById,
  findByVerifiedEmail,
  withUniqueVerifiedEmail,
  type User,
} from './users.js';

/**
 * E-mail verification (README "E-mail addresses"): registration, every change of address and a
 * first-time setup that changes the address send a single-use link to the address; the address counts
 * (invitations, a broker's search by e-mail, the reset by address) only once the account opened it.
 */

export const VERIFICATION_MAIL_SUBJECT = 'Verify your e-mail address for POP Documents';

/** Verification e-mails an account may be sent per hour (registration, changes, "send again"). */
export const VERIFICATION_MAX_MAILS_PER_HOUR = 5;

/** What the profile page shows about the account's address. */
export interface EmailStatus {
  /** The address in force. */
  email: string;
  verified: boolean;
  /** A changed address whose link is still live (null when none: a lapsed change is forgotten). */
  pendingEmail: string | null;
}

/** An issued link: the address it goes to and its token (the caller e-mails it). */
export interface IssuedVerification {
  email: string;
  token: string;
}

/**
 * Makes a verification link for `email` (the account's address waiting for one); only its hash is
 * stored, with the address. The account's earlier links stop working, so only the newest can verify.
 * Undefined (nothing made) once VERIFICATION_MAX_MAILS_PER_HOUR links were made in the last hour.
 */
export async function issueEmailVerification(
  db: Db,
  userId: string,
  email: string,
  ttlHours: number,
  now = new Date(),
): Promise<IssuedVerification | undefined> {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const token = newToken();
  const issued = await db.transaction().execute(async (trx) => {
    const { made } = await trx
      .selectFrom('email_verification')
      .select((eb) => eb.fn.countAll<number | string>().as('made'))
      .where('user_id', '=', userId)
      .where('created_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(made) >= VERIFICATION_MAX_MAILS_PER_HOUR) return false;
    await trx
      .updateTable('email_verification')
      .set({ consumed_at: at })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_verification')
      .values({
        token_hash: tokenHash(token),
        user_id: userId,
        email: email.trim(),
        expires_at: new Date(now.getTime() + ttlHours * 3_600_000).toISOString(),
        consumed_at: null,
        created_at: at,
      })
      .execute();
    return true;
  });
  return issued ? { email: email.trim(), token } : undefined;
}

/** The address of the account that waits for a link: a pending change, else an unverified address. */
export function addressToVerify(user: Pick<User, 'email' | 'emailVerified' | 'pendingEmail'>): string | null {
  if (user.pendingEmail) return user.pendingEmail;
  return user.emailVerified ? null : user.email;
}

/**
 * What giving `wanted` as the account's address changes (the profile, a first-time setup): nothing
 * when it is the address in force (any case); a pending change when the address in force is verified
 * (that one stays in force until the new one's link is opened); else the unverified address replaced.
 * `verify`: the address that needs a link (null when none).
 */
export function addressChange(
  user: Pick<User, 'email' | 'emailVerified'>,
  wanted: string,
): { set: { email?: string; pending_email?: string | null }; verify: string | null } {
  const address = wanted.trim();
  if (emailKey(address) === emailKey(user.email)) return { set: {}, verify: null };
  if (user.emailVerified) return { set: { pending_email: address }, verify: address };
  return { set: { email: address, pending_email: null }, verify: address };
}

/** The link's e-mail; the `/verify-email?token=` line is what people (and tests) open. */
export function verificationMail(
  user: Pick<User, 'firstName' | 'username'>,
  issued: IssuedVerification,
  config: { appUrl: string; ttlHours: number },
): MailMessage {
  const url = `${config.appUrl}/verify-email?${new URLSearchParams({ token: issued.token })}`;
  return {
    to: issued.email,
    subject: VERIFICATION_MAIL_SUBJECT,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Please confirm that ${issued.email} is the e-mail address of the POP Documents account "${user.username}" by opening this link:`,
      '',
      url,
      '',
      `It can be used once, within ${config.ttlHours} hours. Until then the address is not used to find the account (invitations, searches by e-mail).`,
      'If you did not ask for it, ignore this e-mail: the address stays unconfirmed.',
      '',
    ].join('\n'),
  };
}

/** Where the product is and how long a link lives (the link's e-mail names both). */
export interface VerificationConfig {
  appUrl: string;
  ttlHours: number;
}

/**
 * Makes a link for `email` (the account's address waiting for one) and answers the e-mail that carries
 * it, for the caller to send (after its answer: a mail failure must not undo the change). Undefined
 * when the hour's limit of links was reached (nothing made) or the account is gone.
 */
export async function verificationMailFor(
  db: Db,
  config: VerificationConfig,
  userId: string,
  email: string,
  now = new Date(),
): Promise<MailMessage | undefined> {
  const user = await findById(db, userId);
  if (!user) return undefined;
  const issued = await issueEmailVerification(db, userId, email, config.ttlHours, now);
  return issued && verificationMail(user, issued, config);
}

export type VerifyAnswer =
  | { ok: true; email: string }
  /** `invalid`: unknown, used, expired, or for an address the account no longer asks for. */
  | { ok: false; reason: 'invalid' | 'taken' };

/**
 * Opens a verification link: its address becomes the account's verified address in force (a pending
 * change replaces the old address). Refused when another account has verified the address (`taken`;
 * nothing changes and the link stays as it was). The token is spent by one conditional UPDATE inside
 * the transaction that sets the address, so of parallel uses one wins; the unique index decides a race
 * between two accounts.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<VerifyAnswer> {
  const at = now.toISOString();
  const hash = tokenHash(token);
  const link = await db
    .selectFrom('email_verification')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  const user = link && (await findById(db, link.user_id));
  if (!link || !user) return { ok: false, reason: 'invalid' };
  const email = link.email;
  if (link.consumed_at !== null || link.expires_at <= at) return { ok: false, reason: 'invalid' };
  if (emailKey(addressToVerify(user) ?? '') !== emailKey(email)) return { ok: false, reason: 'invalid' };
  const holder = await findByVerifiedEmail(db, email);
  if (holder && holder.userId !== user.userId) return { ok: false, reason: 'taken' };

  try {
    const verified = await withUniqueVerifiedEmail(email, () =>
      db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('email_verification')
          .set({ consumed_at: at })
          .where('token_hash', '=', hash)
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        if (spent.numUpdatedRows === 0n) return false;
        await trx
          .updateTable('users')
          .set({ email, email_verified: 1, pending_email: null, updated_at: at })
          .where('id', '=', user.userId)
          .execute();
        return true;
      }),
    );
    return verified ? { ok: true, email } : { ok: false, reason: 'invalid' };
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, reason: 'taken' };
    throw error;
  }
}

/**
 * Marks the account's address in force verified when no other account has verified it (a first-time
 * setup from a link e-mailed to that address, the demo seed). False when another account holds it.
 */
export async function markEmailVerified(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const user = await findById(db, userId);
  if (!user) return false;
  if (user.emailVerified) return true;
  const holder = await findByVerifiedEmail(db, user.email);
  if (holder) return false;
  try {
    await withUniqueVerifiedEmail(user.email, () =>
      db
        .updateTable('users')
        .set({ email_verified: 1, updated_at: now.toISOString() })
        .where('id', '=', userId)
        .where('email', '=', user.email)
        .execute(),
    );
    return true;
  } catch (error) {
    if (error instanceof EmailTakenError) return false;
    throw error;
  }
}

/** The profile page's account address: in force, verified or not, and a change whose link is live. */
export async function emailStatus(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<EmailStatus | undefined> {
  const user = await findById(db, userId);
  if (!user) return undefined;
  let pendingEmail: string | null = null;
  if (user.pendingEmail) {
    const live = await db
      .selectFrom('email_verification')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('email', '=', user.pendingEmail)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    pendingEmail = live ? user.pendingEmail : null;
  }
  return { email: user.email, verified: user.emailVerified, pendingEmail };
}
