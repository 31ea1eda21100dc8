import { randomUUID } from 'node:crypto';
import { isRole, type Role } from 'shared-domain';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import { hashPassword } from './password.js';

export interface NewUser {
  userId?: string;
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName?: string;
  roles: readonly Role[];
  /** ISO date-time; absent means the password never expires. */
  passwordExpiresAt?: string | null;
  identityProvider?: string | null;
  /** The referral id the user registered with (the shell's stored one). */
  referralId?: string | null;
  /**
   * Whether the address counts as verified from the start (the demo seed, tests); registration and
   * invitations leave it unverified until its link is opened. Throws EmailTakenError when another
   * account has verified it.
   */
  emailVerified?: boolean;
}

export interface User {
  userId: string;
  username: string;
  /** The address in force (README "E-mail addresses"). */
  email: string;
  /** Whether `email` was verified (its link opened); only a verified address names the account. */
  emailVerified: boolean;
  /** A changed address waiting for its link; `email` stays in force meanwhile. */
  pendingEmail: string | null;
  firstName: string;
  lastName: string;
  companyName: string;
  roles: Role[];
  failedAttempts: number;
  lockedUntil: string | null;
  passwordExpiresAt: string | null;
  identityProvider: string | null;
  referralId: string | null;
  passwordHash: string;
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`username ${username} is taken`);
  }
}

/** Another account has verified this e-mail address already (the `users_verified_email` index). */
export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`e-mail address ${email} is verified by another account`);
  }
}

/** The key a verified address is unique by: addresses compare case-insensitively. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The unique key of a username: usernames compare case-insensitively. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export async function createUser(
  db: Db,
  input: NewUser,
  /** Written in the user's own transaction: nobody sees the account without it. */
  alongside?: (trx: Db, userId: string) => Promise<void>,
): Promise<User> {
  const invalid = input.roles.filter((role) => !isRole(role));
  if (invalid.length > 0) throw new Error(`unknown roles: ${invalid.join(', ')}`);
  const username = input.username.trim();
  if (!username) throw new Error('username is required');
  if (await findByUsername(db, username)) throw new UsernameTakenError(username);

  const now = new Date().toISOString();
  const userId = input.userId ?? randomUUID();
  const passwordHash = await hashPassword(input.password);
  await withUniqueUsername(username, () =>
    withUniqueVerifiedEmail(input.email, () =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: userId,
            username,
            username_key: usernameKey(username),
            email: input.email,
            email_verified: input.emailVerified ? 1 : 0,
            pending_email: null,
            first_name: input.firstName,
            last_name: input.lastName,
            company_name: input.companyName ?? '',
            password_hash: passwordHash,
            failed_attempts: 0,
            locked_until: null,
            password_expires_at: isoOrNull(input.passwordExpiresAt),
            identity_provider: input.identityProvider ?? null,
            referral_id: input.referralId ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        const roles = [...new Set(input.roles)];
        if (roles.length > 0) {
          await trx
            .insertInto('user_role')
            .values(roles.map((role) => ({ user_id: userId, role })))
            .execute();
        }
        await alongside?.(trx, userId);
      }),
    ),
  );
  const user = await findById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished after insert`);
  return user;
}

export async function findByUsername(db: Db, username: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
  return row && withRoles(db, row);
}

/**
 * The account a person means by "username or e-mail address" (reset, user/exists). Something shaped
 * like an address is first read as one, so nobody can capture another person's reset by registering
 * their address as a username: the account that verified the address; else, while nobody has, the
 * one account that gave it (an address several unverified accounts share names none of them: the
 * person must use their username), so a passcode never goes to an account they did not mean. Else the
 * username.
 */
export async function findByUsernameOrEmail(db: Db, usernameOrEmail: string): Promise<User | undefined> {
  if (usernameOrEmail.includes('@')) {
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey(usernameOrEmail)))
      .orderBy('email_verified', 'desc')
      .limit(2)
      .execute();
    const [first, second] = rows;
    if (first && (Number(first.email_verified) === 1 || !second)) return withRoles(db, first);
    if (second) return undefined;
  }
  return findByUsername(db, usernameOrEmail);
}

/** The account that verified this address (any case), if one has. */
export async function findByVerifiedEmail(db: Db, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey(email)))
    .where('email_verified', '=', 1)
    .executeTakeFirst();
  return row && withRoles(db, row);
}

export async function findById(db: Db, userId: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return row && withRoles(db, row);
}

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db
    .selectFrom('user_role')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return rows.map((r) => r.role).filter(isRole);
}

/** Makes a password expired as of now: the next sign-in answers password_expired. False: no such user. */
export async function expirePassword(db: Db, username: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('users')
    .set({ password_expires_at: at, updated_at: at })
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A counted sign-in attempt: its place in the run, and the lock it set if it was the last allowed one. */
export interface ClaimedAttempt {
  attempt: number;
  /** The lock this attempt set (ISO) because it reached the threshold; null otherwise. */
  lockSet: string | null;
}

/**
 * Counts a sign-in attempt BEFORE its password is checked, in one statement, so parallel guesses (on
 * any number of instances) cannot outrun the lockout: undefined while the account is locked. The
 * attempt that reaches `maxFailedAttempts` locks the account in the same statement and restarts the
 * counter, so no further guess is checked until the lock expires.
 */
export async function claimAttempt(
  db: Db,
  userId: string,
  lockout: { maxFailedAttempts: number; lockoutMinutes: number },
  now: Date,
): Promise<ClaimedAttempt | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + lockout.lockoutMinutes * 60_000).toISOString();
  const last = lockout.maxFailedAttempts - 1;
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      // Both expressions read the row as it was before this update.
      failed_attempts: eb
        .case()
        .when('failed_attempts', '>=', last)
        .then(0)
        .else(eb('failed_attempts', '+', 1))
        .end(),
      locked_until: eb.case().when('failed_attempts', '>=', last).then(until).else(eb.val(null)).end(),
      updated_at: at,
    }))
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .returning(['failed_attempts', 'locked_until'])
    .executeTakeFirst();
  if (!row) return undefined;
  return row.locked_until === until
    ? { attempt: lockout.maxFailedAttempts, lockSet: until }
    : { attempt: Number(row.failed_attempts), lockSet: null };
}

/**
 * Restarts the count after the right password, unless the account was locked meanwhile (by parallel
 * failures): such a lock is never cleared by an attempt that started before it. An attempt that set
 * the lock itself (the last allowed one) clears exactly that lock. Returns false when still locked.
 */
export async function settleSuccessfulAttempt(
  db: Db,
  userId: string,
  claimed: ClaimedAttempt,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('users')
    .set({ failed_attempts: 0, locked_until: null, updated_at: at })
    .where('id', '=', userId)
    .where((eb) =>
      claimed.lockSet
        ? eb('locked_until', '=', claimed.lockSet)
        : eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function withRoles(db: Db, row: UserRow): Promise<User> {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    emailVerified: Number(row.email_verified) === 1,
    pendingEmail: row.pending_email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    roles: await rolesOf(db, row.id),
    failedAttempts: Number(row.failed_attempts),
    lockedUntil: row.locked_until,
    passwordExpiresAt: row.password_expires_at,
    identityProvider: row.identity_provider,
    referralId: row.referral_id,
    passwordHash: row.password_hash,
  };
}

/**
 * Runs a write that sets a username; a unique-key violation (another request took the username between
 * our check and the write) becomes UsernameTakenError, as the check itself would have answered.
 */
export async function withUniqueUsername<T>(username: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUsernameConflict(error)) throw new UsernameTakenError(username);
    throw error;
  }
}

/**
 * Runs a write that marks an address verified; a unique-index violation (another account verified it
 * between our check and the write) becomes EmailTakenError.
 */
export async function withUniqueVerifiedEmail<T>(email: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueConflict(error, 'users_verified_email')) throw new EmailTakenError(email);
    throw error;
  }
}

/** SQLite (better-sqlite3) and PostgreSQL (pg) spellings of "duplicate username_key". */
function isUsernameConflict(error: unknown): boolean {
  return isUniqueConflict(error, 'username_key');
}

/** A unique violation of the constraint or index whose name contains `name`, on either engine. */
function isUniqueConflict(error: unknown, name: string): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === '23505') return typeof constraint === 'string' && constraint.includes(name);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes(name);
}

function isoOrNull(value: string | null | undefined): string | null {
  if (value == null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${value}`);
  return date.toISOString();
}
