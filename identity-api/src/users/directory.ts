import { sql, type RawBuilder } from 'kysely';
import { resolveRole } from 'shared-domain';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import { usernameKey } from './users.js';

/** A user as other parts of the product show one: the user search, a company's users. */
export interface DirectoryUser {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The one effective role (shared-domain's resolveRole); '' for an account without roles. */
  role: string;
}

/** What the user search looks in (specs/2-documents.md §7 `GET user?username|email|fullName`). */
export type UserSearchBy = 'username' | 'email' | 'fullName';

/** The most a partial search answers: enough to pick from, never the whole directory. */
export const USER_SEARCH_LIMIT = 300;

type Columns = Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'email'>;
const COLUMNS = ['id', 'username', 'first_name', 'last_name', 'email'] as const;

/** The roles of many users in one query, by user id. */
async function rolesByUser(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const roles = new Map<string, string[]>();
  if (userIds.length === 0) return roles;
  const rows = await db
    .selectFrom('user_role')
    .select(['user_id', 'role'])
    .where('user_id', 'in', [...userIds])
    .orderBy('role')
    .execute();
  for (const { user_id, role } of rows) roles.set(user_id, [...(roles.get(user_id) ?? []), role]);
  return roles;
}

async function withRoles(db: Db, rows: readonly Columns[]): Promise<DirectoryUser[]> {
  const roles = await rolesByUser(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    userId: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: resolveRole(roles.get(row.id) ?? []) ?? '',
  }));
}

/** The users with these ids; unknown ids are simply absent. */
export async function lookupUsers(db: Db, userIds: readonly string[]): Promise<DirectoryUser[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select(COLUMNS).where('id', 'in', ids).orderBy('id').execute();
  return withRoles(db, rows);
}

/** "Contains", with LIKE's wildcards in the text escaped; both sides lower-cased (SQLite and PostgreSQL alike). */
function contains(expression: RawBuilder<string>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return sql<boolean>`lower(${expression}) like ${pattern} escape '!'`;
}

const SEARCHED: Record<UserSearchBy, RawBuilder<string>> = {
  username: sql<string>`${sql.ref('username')}`,
  email: sql<string>`${sql.ref('email')}`,
  fullName: sql<string>`${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}`,
};

/**
 * The user search. `contains`: the text anywhere in the field, any case, at most USER_SEARCH_LIMIT
 * (compliance's directory). `exact`: the one account with exactly that username or verified e-mail
 * address, any case (a broker names the person they mean; a full name is never exact enough). `page` and
 * `pageSize` (at most USER_SEARCH_LIMIT) page through the matches.
 */
export async function searchUsers(
  db: Db,
  by: UserSearchBy,
  text: string,
  match: 'contains' | 'exact',
  { page = 1, pageSize = USER_SEARCH_LIMIT }: { page?: number; pageSize?: number } = {},
): Promise<DirectoryUser[]> {
  const limit = Math.min(pageSize, USER_SEARCH_LIMIT);
  let query = db.selectFrom('users').select(COLUMNS);
  if (match === 'contains') {
    query = query.where(contains(SEARCHED[by], text));
  } else if (by === 'username') {
    query = query.where('username_key', '=', usernameKey(text));
  } else if (by === 'email') {
    // lower(email): the users_email_lower index. A verified address only: an address merely typed at
    // registration names nobody (anyone can type anyone's), so a broker cannot add the wrong person.
    query = query
      .where((eb) => eb(eb.fn('lower', ['email']), '=', text.trim().toLowerCase()))
      .where('email_verified', '=', 1);
  } else {
    return [];
  }
  const rows = await query
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('username_key')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return withRoles(db, rows);
}
