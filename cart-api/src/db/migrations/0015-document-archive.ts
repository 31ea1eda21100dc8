import type { Kysely } from 'kysely';

/**
 * Every generated document file kept (issue 11 "Generated documents"): the PDF or ZIP as it was
 * handed out, re-downloaded unchanged from the history. Bytes as base64 text: one portable column on
 * both engines (the files are small); another store (object storage) can replace it behind
 * `src/routes/epop-document/archive.ts`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_archive')
    .addColumn('archive_id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('epop_document.document_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('generated_by', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_archive_by_document')
    .on('document_archive')
    .columns(['document_id', 'generated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_archive').ifExists().execute();
}
