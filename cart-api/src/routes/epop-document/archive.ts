import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The archive of generated files (migration 0015): bytes kept as base64 text, one place. */
export interface ArchivedFile {
  archiveId: string;
  name: string;
  contentType: string;
  generatedOn: string;
}

export async function archiveFile(
  db: Kysely<Database>,
  file: { documentId: string; name: string; contentType: string; bytes: Buffer; generatedBy: string },
): Promise<string> {
  const archiveId = randomUUID();
  await db
    .insertInto('document_archive')
    .values({
      archive_id: archiveId,
      document_id: file.documentId,
      name: file.name,
      content_type: file.contentType,
      content: file.bytes.toString('base64'),
      generated_by: file.generatedBy,
      generated_at: new Date().toISOString(),
    })
    .execute();
  return archiveId;
}

/** A document's generated files, newest first. */
export async function archiveOf(db: Kysely<Database>, documentId: string): Promise<ArchivedFile[]> {
  const rows = await db
    .selectFrom('document_archive')
    .select(['archive_id', 'name', 'content_type', 'generated_at'])
    .where('document_id', '=', documentId)
    .orderBy('generated_at', 'desc')
    .orderBy('archive_id', 'desc')
    .execute();
  return rows.map((row) => ({
    archiveId: row.archive_id,
    name: row.name,
    contentType: row.content_type,
    generatedOn: row.generated_at,
  }));
}

/** One archived file's bytes, when it belongs to `documentId`. */
export async function archivedFile(db: Kysely<Database>, documentId: string, archiveId: string) {
  const row = await db
    .selectFrom('document_archive')
    .select(['name', 'content_type', 'content'])
    .where('archive_id', '=', archiveId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row && { name: row.name, contentType: row.content_type, bytes: Buffer.from(row.content, 'base64') };
}

/** The document an archived file belongs to (the `archive-item` policy's lookup). */
export async function archiveDocument(db: Kysely<Database>, archiveId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('document_archive')
    .select('document_id')
    .where('archive_id', '=', archiveId)
    .executeTakeFirst();
  return row?.document_id;
}
