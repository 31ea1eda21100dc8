import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';

/** One change to a client company or one of its documents (specs/3-admin.md §3 "Change log entry"). */
export interface ChangeLogEntry {
  id: string;
  changeDate: string;
  user: string;
  description: string;
}

/**
 * Writes a row of the client's change log, inside the caller's transaction so that the row exists
 * exactly when the change does. `user` is the caller's username (the log shows who, not an id).
 */
export async function logChange(
  db: Kysely<Database>,
  change: { companyId: string; documentId?: string | null; caller: Caller; description: string },
): Promise<void> {
  await db
    .insertInto('change_log')
    .values({
      change_id: randomUUID(),
      company_id: change.companyId,
      document_id: change.documentId ?? null,
      user_id: change.caller.userId,
      user_name: change.caller.username || change.caller.userId,
      changed_at: new Date().toISOString(),
      description: change.description,
    })
    .execute();
}

/** A client's change log, newest first. */
export async function changeLogOf(db: Kysely<Database>, companyId: string): Promise<ChangeLogEntry[]> {
  const rows = await db
    .selectFrom('change_log')
    .select(['change_id', 'changed_at', 'user_name', 'description'])
    .where('company_id', '=', companyId)
    .orderBy('changed_at', 'desc')
    .orderBy('change_id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.change_id,
    changeDate: row.changed_at,
    user: row.user_name,
    description: row.description,
  }));
}
