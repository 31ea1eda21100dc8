import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import {
  createDatabase,
  createTestDatabase,
  migrateToLatest as migrate,
  type TestDatabase,
} from 'service-kit/server';
import { MIGRATIONS, migrateToLatest } from '../../src/db/migrate.js';
import { EPOP_PRODUCT } from '../../src/db/reference-data.js';
import type { Database } from '../../src/db/schema.js';
import { companyRow, documentRow } from '../helpers/rows.js';

/**
 * Migration 0023 (claimed invitations) on a database that already holds action items and a cart item
 * naming one: SQLite rebuilds `action_item` to let `user_id` be null, PostgreSQL drops the NOT NULL.
 * Nothing stored is lost, the cart item's reference still holds, and the indexes are back.
 */
describe('migration 0023 on a database with action items', () => {
  let testDatabase: TestDatabase;
  let db: Kysely<Database>;
  const itemId = randomUUID();
  const cartItemId = randomUUID();
  const userId = randomUUID();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = createDatabase<Database>(testDatabase.url);
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0023'));
    await migrate(db as Kysely<unknown>, before);
    const company = companyRow('Migrated Co');
    await db.insertInto('company').values(company).execute();
    const document = documentRow(userId, company.company_id, { status: 'Unpaid' });
    await db.insertInto('epop_document').values(document).execute();
    // As 0022 left the tables: no claim columns yet.
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('action_item')
      .values({
        action_item_id: itemId,
        user_id: userId,
        item_type: 'pop-document-invite',
        description: '{"default":"Migrated"}',
        json: JSON.stringify({ DocumentId: document.document_id }),
        created_by: 'someone',
        created_at: '2026-01-02T03:04:05.000Z',
        completed: 0,
        completed_at: null,
      })
      .execute();
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('cart_item')
      .values({
        cart_item_id: cartItemId,
        user_id: userId,
        product_id: EPOP_PRODUCT.product_id,
        document_id: document.document_id,
        action_item_id: itemId,
        display_text: 'POP Document - Migrated Co',
        base_price_cents: 30000,
        created_at: '2026-01-02T03:04:05.000Z',
      })
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await testDatabase?.drop();
  });

  it('keeps every action item as it was, with the account it went to', async () => {
    expect(await db.selectFrom('action_item').selectAll().execute()).toEqual([
      {
        action_item_id: itemId,
        user_id: userId,
        item_type: 'pop-document-invite',
        description: '{"default":"Migrated"}',
        json: expect.stringContaining('DocumentId'),
        created_by: 'someone',
        created_at: '2026-01-02T03:04:05.000Z',
        completed: 0,
        completed_at: null,
        claim_token_hash: null,
        claim_expires_at: null,
        claimed_at: null,
      },
    ]);
  });

  it('lets an invitation belong to nobody, one link per item, and keeps the cart item’s reference', async () => {
    const unclaimed = {
      action_item_id: randomUUID(),
      user_id: null,
      item_type: 'pop-document-invite',
      description: '{}',
      json: '{}',
      created_by: 'someone',
      created_at: new Date().toISOString(),
      completed: 0,
      completed_at: null,
      claim_token_hash: 'hash-1',
      claim_expires_at: new Date().toISOString(),
    };
    await db.insertInto('action_item').values(unclaimed).execute();
    await expect(
      db
        .insertInto('action_item')
        .values({ ...unclaimed, action_item_id: randomUUID() })
        .execute(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/claim_token/) });
    // The foreign key from cart_item still names action_item: a missing item is refused, and the
    // item a cart item names cannot go. (Errors are matched by their message: better-sqlite3's come
    // from another realm than the test's, so they are no `Error` here.)
    await expect(
      db
        .updateTable('cart_item')
        .set({ action_item_id: randomUUID() })
        .where('cart_item_id', '=', cartItemId)
        .execute(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/foreign key/i) });
    await expect(
      db.deleteFrom('action_item').where('action_item_id', '=', itemId).execute(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/foreign key/i) });
  });
});
