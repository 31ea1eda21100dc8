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
}

export interface User {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  roles: Role[];
  failedAttempts: number;
  lockedUntil: string | null;
  passwordExpiresAt: string | null;
  identityProvider: string | null;
  passwordHash: string;
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`username ${username} is taken`);
  }
}

/** The unique key of a username: usernames compare case-insensitively. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export async function createUser(db: Db, input: NewUser): Promise<User> {
  const invalid = input.roles.filter((role) => !isRole(role));
  if (invalid.length > 0) throw new Error(`unknown roles: ${invalid.join(', ')}`);
  const username = input.username.trim();
  if (!username) throw new Error('username is required');
  if (await findByUsername(db, username)) throw new UsernameTakenError(username);

  const now = new Date().toISOString();
  const userId = input.userId ?? randomUUID();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        username,
        username_key: usernameKey(username),
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        company_name: input.companyName ?? '',
        password_hash: passwordHash,
        failed_attempts: 0,
        locked_until: null,
        password_expires_at: isoOrNull(input.passwordExpiresAt),
        identity_provider: input.identityProvider ?? null,
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
  });
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

/** Counts one more wrong password; returns the new count. */
export async function recordFailedAttempt(db: Db, userId: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', userId)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts ?? 0;
}

/** Locks the account until `until`; the counter restarts so the next lock needs a full run again. */
export async function lockOut(db: Db, userId: string, until: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ locked_until: until.toISOString(), failed_attempts: 0, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function resetFailedAttempts(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_attempts: 0, locked_until: null, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('failed_attempts', '!=', 0), eb('locked_until', 'is not', null)]))
    .execute();
}

async function withRoles(db: Db, row: UserRow): Promise<User> {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    roles: await rolesOf(db, row.id),
    failedAttempts: Number(row.failed_attempts),
    lockedUntil: row.locked_until,
    passwordExpiresAt: row.password_expires_at,
    identityProvider: row.identity_provider,
    passwordHash: row.password_hash,
  };
}

function isoOrNull(value: string | null | undefined): string | null {
  if (value == null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${value}`);
  return date.toISOString();
}
