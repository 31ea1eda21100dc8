import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { migratedDatabase } from '../helpers/database.js';
import * as abuseLimits from '../../src/db/migrations/0024-abuse-limits.js';
import type { Database } from '../../src/db/schema.js';
import { companyRow, documentRow } from '../helpers/rows.js';

/**
 * Migration 0024 (issue 21 item 6): the limits' table, the archive's input hash (unique per document;
 * the rows archived before it have none and never match) and the kept receipt PDFs; `down` takes them
 * away and `up` puts them back on a database in use.
 */
describe('migration 0024: rate limits, archived inputs, kept receipts', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const has = (query: string) =>
    sql
      .raw(query)
      .execute(db)
      .then(
        () => true,
        () => false,
      );

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('goes down and up again on a database in use; a hash is archived once per document, NULLs any number of times', async () => {
    await abuseLimits.down(db as Kysely<unknown>);
    expect(await has('select 1 from rate_limit')).toBe(false);
    expect(await has('select input_hash from document_archive')).toBe(false);
    expect(await has('select 1 from receipt_file')).toBe(false);
    await abuseLimits.up(db as Kysely<unknown>);
    expect(await has('select hits from rate_limit')).toBe(true);
    expect(await has('select 1 from receipt_file')).toBe(true);

    const company = companyRow('Migrated Co');
    await db.insertInto('company').values(company).execute();
    const document = documentRow('owner', company.company_id);
    await db.insertInto('epop_document').values(document).execute();
    const documentId = document.document_id;
    const file = (archiveId: string, inputHash: string | null) => ({
      archive_id: archiveId,
      document_id: documentId,
      name: 'a.pdf',
      content_type: 'application/pdf',
      content: '',
      generated_by: 'owner',
      generated_at: new Date().toISOString(),
      input_hash: inputHash,
    });
    await db
      .insertInto('document_archive')
      .values([file('a1', null), file('a2', null), file('a3', 'hash')])
      .execute();
    // Matched by message: better-sqlite3's errors may come from another realm under Jest (toThrow misses them).
    await expect(
      db.insertInto('document_archive').values(file('a4', 'hash')).execute(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/unique|duplicate/i) });
  });
});
