import type { Kysely } from 'kysely';

/** page_view: one row per navigation (specs/1-foundation.md §2 "Each navigation records a page view"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_view')
    .addColumn('page_view_id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    // Null for a guest: the login screen and the account pages are viewed before anyone signs in.
    .addColumn('user_id', 'text')
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_view_viewed_at').on('page_view').column('viewed_at').execute();
  await db.schema.createIndex('page_view_user').on('page_view').columns(['user_id', 'viewed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_view').ifExists().execute();
}
