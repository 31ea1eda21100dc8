import { sql, type Kysely } from 'kysely';

/**
 * Renewals (issue 9): a document renewed from another names it in `original_document_id` (also in
 * its form, `originalDocumentId`, where the order form and compliance see it). A unique index over
 * the active ones: a document is renewed once, even by two requests at the same moment; it also
 * answers "has it been renewed?" for every row of 'My POP Documents'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('epop_document').addColumn('original_document_id', 'text').execute();
  await db.schema
    .createIndex('epop_document_original')
    .on('epop_document')
    .column('original_document_id')
    .unique()
    .where(sql.ref('active'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('epop_document_original').ifExists().execute();
  await db.schema.alterTable('epop_document').dropColumn('original_document_id').execute();
}
