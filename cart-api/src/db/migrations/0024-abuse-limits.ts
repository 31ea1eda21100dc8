import type { Kysely } from 'kysely';

/**
 * Abuse limits and files made once (issue 21 item 6; README "Limits"):
 * - `rate_limit`: one row per limited key (`invite:user:{id}`, `send-all:document:{id}`…) holding the
 *   expiry instants of the uses still in its sliding window (`hits`, a JSON array of ISO texts). A use
 *   upserts the row first, which locks it until the transaction ends (PostgreSQL's row lock, SQLite's
 *   write lock), so the instances sharing the database count one key one use at a time;
 * - `document_archive.input_hash`: what a generated file was made of (its kind, the document's answers
 *   and plan year, the templates), so a download of an unchanged document is the archived file, never a
 *   new render; unique per document (NULL, the older rows, never matches);
 * - `receipt_file`: an order's receipt PDF as last made, with the hash of what it was made of, so a
 *   download or an e-mail of an unchanged receipt reads it instead of rendering it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('limit_key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('document_archive').addColumn('input_hash', 'text').execute();
  await db.schema
    .createIndex('document_archive_input')
    .on('document_archive')
    .columns(['document_id', 'input_hash'])
    .unique()
    .execute();
  await db.schema
    .createTable('receipt_file')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.order_id'))
    .addColumn('input_hash', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipt_file').ifExists().execute();
  await db.schema.dropIndex('document_archive_input').ifExists().execute();
  await db.schema.alterTable('document_archive').dropColumn('input_hash').execute();
  await db.schema.dropTable('rate_limit').ifExists().execute();
}
