import type { Kysely } from 'kysely';

/**
 * The settings compliance changes in Utilities (issue 23 item 3; README "Settings"):
 * - `system_message` gets its display window: `show_from`/`show_to` as compliance typed them (a day,
 *   or a New York date and time) and `starts_at`/`ends_at`, the instants they name (`ends_at`
 *   exclusive), so "current" is one indexed comparison; null is open-ended. `updated_at` is the last edit.
 * - `settings_change`: the change log of the settings (system messages, the app configuration, the
 *   refresh-token setting): who, when, and each changed field before and after.
 * - The app configuration's guide links move from `/docs/…pdf`, where nothing was ever served, to the
 *   gateway's `/guides/…pdf`, where the generated guides are (a link compliance changed stays), and it
 *   gets its `support` entry (phone and e-mail, blank until compliance sets them).
 *
 * `down` drops what `up` added and puts the old links back where they are still the new defaults.
 */

// The slice of the schema this migration reads and writes, as it was when it was written.
interface ConfigTables {
  app_config: { key: string; value: string };
}

/** The links migration 0002 stored, and where the guides are served now. */
export const LINKS_BEFORE_0029 = {
  popImplementationGuide: '/docs/pop-implementation-guide.pdf',
  employeeQuickReferenceGuide: '/docs/employee-quick-reference-guide.pdf',
} as const;
export const LINKS_OF_0029 = {
  popImplementationGuide: '/guides/pop-implementation-guide.pdf',
  employeeQuickReferenceGuide: '/guides/employee-quick-reference-guide.pdf',
} as const;
const BLANK_SUPPORT = { phone: '', email: '' };

const WINDOW_COLUMNS = ['show_from', 'show_to', 'starts_at', 'ends_at', 'updated_at'] as const;

function parsedObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Each link still at `from`'s default becomes `to`'s; any other value stays. */
async function moveLinks(
  db: Kysely<ConfigTables>,
  from: Record<string, string>,
  to: Record<string, string>,
): Promise<void> {
  const row = await db.selectFrom('app_config').select('value').where('key', '=', 'links').executeTakeFirst();
  const stored = parsedObject(row?.value);
  if (!row || !stored) {
    // No links stored (or unreadable): the defaults.
    await db.deleteFrom('app_config').where('key', '=', 'links').execute();
    await db
      .insertInto('app_config')
      .values({ key: 'links', value: JSON.stringify(to) })
      .execute();
    return;
  }
  const moved = Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, value === from[key] ? to[key] : value]),
  );
  for (const key of Object.keys(to)) if (!(key in moved)) moved[key] = to[key];
  await db
    .updateTable('app_config')
    .set({ value: JSON.stringify(moved) })
    .where('key', '=', 'links')
    .execute();
}

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  for (const column of WINDOW_COLUMNS) {
    // One column a statement: SQLite adds one at a time.
    await unknownDb.schema.alterTable('system_message').addColumn(column, 'text').execute();
  }
  await unknownDb.schema
    .createTable('settings_change')
    .addColumn('change_id', 'text', (c) => c.primaryKey())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await unknownDb.schema
    .createIndex('settings_change_by_subject')
    .on('settings_change')
    .columns(['subject', 'changed_at'])
    .execute();

  const db = unknownDb as Kysely<ConfigTables>;
  await moveLinks(db, LINKS_BEFORE_0029, LINKS_OF_0029);
  await db
    .insertInto('app_config')
    .values({ key: 'support', value: JSON.stringify(BLANK_SUPPORT) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function down(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as Kysely<ConfigTables>;
  await db.deleteFrom('app_config').where('key', '=', 'support').execute();
  await moveLinks(db, LINKS_OF_0029, LINKS_BEFORE_0029);
  await unknownDb.schema.dropIndex('settings_change_by_subject').ifExists().execute();
  await unknownDb.schema.dropTable('settings_change').ifExists().execute();
  for (const column of WINDOW_COLUMNS) {
    await unknownDb.schema.alterTable('system_message').dropColumn(column).execute();
  }
}
