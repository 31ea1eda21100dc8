import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import type {
  FieldChange,
  SettingsAction,
  SettingsChange,
  SettingsChangePage,
  SettingsSubject,
} from '../../contract/system-message.js';
import type { Database } from '../../db/schema.js';
import { pagesFor } from '../../lib/pagination.js';

/** Each field whose text differs between two versions, in `labels`' order (null: the version has none). */
export function fieldChanges(
  labels: Record<string, string>,
  before: Record<string, string> | null,
  after: Record<string, string> | null,
): FieldChange[] {
  return Object.entries(labels).flatMap(([key, field]) => {
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    return old === next ? [] : [{ field, before: old, after: next }];
  });
}

/**
 * Writes a row of the settings' change log, inside the caller's transaction so that the row exists
 * exactly when the change does. `user` is the caller's username (the log shows who, not an id).
 */
export async function logSettingsChange(
  db: Kysely<Database>,
  change: {
    caller: Pick<Caller, 'userId' | 'username'>;
    subject: SettingsSubject;
    recordId?: string | null;
    action: SettingsAction;
    description: string;
    changes: FieldChange[];
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('settings_change')
    .values({
      change_id: randomUUID(),
      changed_at: change.at.toISOString(),
      user_id: change.caller.userId,
      user_name: change.caller.username || change.caller.userId,
      subject: change.subject,
      record_id: change.recordId ?? null,
      action: change.action,
      description: change.description,
      changes: JSON.stringify(change.changes),
    })
    .execute();
}

/** `GET system-message/change-log`: newest first, one subject or all, a page at a time. */
export async function settingsChanges(
  db: Kysely<Database>,
  query: { subject?: SettingsSubject; page: number; pageSize: number },
): Promise<SettingsChangePage> {
  let base = db.selectFrom('settings_change');
  if (query.subject) base = base.where('subject', '=', query.subject);
  const { count } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pages = pagesFor(total, query.pageSize);
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= total) return { data: [], pages };
  const rows = await base
    .selectAll()
    .orderBy('changed_at', 'desc')
    .orderBy('change_id', 'desc')
    .limit(query.pageSize)
    .offset(offset)
    .execute();
  const data = rows.map((row): SettingsChange => ({
    id: row.change_id,
    changedAt: row.changed_at,
    user: row.user_name,
    subject: row.subject as SettingsSubject,
    recordId: row.record_id,
    action: row.action as SettingsAction,
    description: row.description,
    changes: JSON.parse(row.changes) as FieldChange[],
  }));
  return { data, pages };
}
