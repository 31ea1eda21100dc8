import type { Kysely } from 'kysely';

/**
 * The client details page lists a client's documents, newest first (`GET client/{clientId}/document`):
 * an index in that order, so the list reads no other client's documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('epop_document_client_created')
    .on('epop_document')
    .columns(['client_company_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('epop_document_client_created').ifExists().execute();
}
