import type { Kysely } from 'kysely';

/**
 * document_draft (issue 24 item 1; README "Order form drafts"): the order form's unsaved answers, one
 * row per user and form, so they survive another device and a closed browser. Portable: text keys and
 * times, the answers as JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_draft')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('form_key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('draft_values', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_draft_pk', ['user_id', 'form_key'])
    .execute();
  // Expired drafts are deleted by age.
  await db.schema.createIndex('document_draft_saved_at').on('document_draft').column('saved_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_draft').ifExists().execute();
}
