import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Where the bytes of generated files are kept. The archive's rows (`document_archive`: document,
 * name, type, who, when) always live in the database; the bytes go through this interface, so object
 * storage is one more implementation (write the object, keep its key in `content`).
 */
export interface ArchiveStore {
  /** Keeps the bytes; answers what `document_archive.content` holds to find them again. */
  put(archiveId: string, bytes: Buffer): Promise<string>;
  /** The bytes `content` names. */
  get(content: string): Promise<Buffer>;
}

/**
 * The default store (decision): the bytes themselves, base64 text in `content`, so a file is written
 * in the same transaction as its row and backed up with the database. The files are small (a ZIP of
 * the three PDFs is under 100 KB).
 */
export const databaseArchiveStore: ArchiveStore = {
  put: async (_archiveId, bytes) => bytes.toString('base64'),
  get: async (content) => Buffer.from(content, 'base64'),
};

/** A generated file as the history lists it. */
export interface ArchivedFile {
  archiveId: string;
  name: string;
  contentType: string;
  generatedOn: string;
}

/**
 * Archives a generated file as it was handed out (inside the caller's transaction when given one);
 * answers its archive id. A file with an `inputHash` is archived once per document: when that hash is
 * archived already (another request made the same file meanwhile) nothing is added and the answer is
 * the archived file's id.
 */
export async function archiveFile(
  db: Kysely<Database>,
  file: {
    documentId: string;
    name: string;
    contentType: string;
    bytes: Buffer;
    generatedBy: string;
    inputHash?: string;
    /** The new row's id (a fresh uuid unless given). */
    archiveId?: string;
  },
  store: ArchiveStore = databaseArchiveStore,
): Promise<string> {
  const archiveId = file.archiveId ?? randomUUID();
  const inserted = await db
    .insertInto('document_archive')
    .values({
      archive_id: archiveId,
      document_id: file.documentId,
      name: file.name,
      content_type: file.contentType,
      content: await store.put(archiveId, file.bytes),
      generated_by: file.generatedBy,
      generated_at: new Date().toISOString(),
      input_hash: file.inputHash ?? null,
    })
    .onConflict((oc) => oc.columns(['document_id', 'input_hash']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 || file.inputHash === undefined) return archiveId;
  const archived = await archivedByInput(db, file.documentId, file.inputHash, store);
  if (!archived) throw new Error(`archive of document ${file.documentId} refused a file it does not hold`);
  return archived.archiveId;
}

/** The archived file of a document made of exactly these inputs (`input_hash`), with its bytes. */
export async function archivedByInput(
  db: Kysely<Database>,
  documentId: string,
  inputHash: string,
  store: ArchiveStore = databaseArchiveStore,
): Promise<{ archiveId: string; name: string; contentType: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom('document_archive')
    .select(['archive_id', 'name', 'content_type', 'content'])
    .where('document_id', '=', documentId)
    .where('input_hash', '=', inputHash)
    .executeTakeFirst();
  return (
    row && {
      archiveId: row.archive_id,
      name: row.name,
      contentType: row.content_type,
      bytes: await store.get(row.content),
    }
  );
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

/** Archived files with their bytes, in the order of `archiveIds` (those that exist). */
export async function archivedFiles(
  db: Kysely<Database>,
  archiveIds: string[],
  store: ArchiveStore = databaseArchiveStore,
): Promise<{ name: string; contentType: string; bytes: Buffer }[]> {
  if (archiveIds.length === 0) return [];
  const rows = await db
    .selectFrom('document_archive')
    .select(['archive_id', 'name', 'content_type', 'content'])
    .where('archive_id', 'in', archiveIds)
    .execute();
  const files = [];
  for (const id of archiveIds) {
    const row = rows.find((found) => found.archive_id === id);
    if (row)
      files.push({ name: row.name, contentType: row.content_type, bytes: await store.get(row.content) });
  }
  return files;
}

/** One archived file's bytes, when it belongs to `documentId`. */
export async function archivedFile(
  db: Kysely<Database>,
  documentId: string,
  archiveId: string,
  store: ArchiveStore = databaseArchiveStore,
) {
  const row = await db
    .selectFrom('document_archive')
    .select(['name', 'content_type', 'content'])
    .where('archive_id', '=', archiveId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row && { name: row.name, contentType: row.content_type, bytes: await store.get(row.content) };
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
