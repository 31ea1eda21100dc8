import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Insertable, Kysely } from 'kysely';
import {
  createDatabase,
  createTestDatabase,
  migrateToLatest as migrate,
  type TestDatabase,
} from 'service-kit/server';
import { MIGRATIONS, migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { itemsPastTheirPurpose } from '../../src/domain/action-items/closure.js';
import { companyRow, documentRow } from '../helpers/rows.js';

/**
 * Migration 0032 on a database where paths before it left items open whose purpose was done: it
 * closes those (a purchase item of a Paid document, a renewal reminder of a renewed or deactivated
 * one, a testing reminder of a document tested for its plan year or deactivated), and leaves every
 * item still asking for something open. Afterwards cart-api's closure rule finds nothing left.
 */
describe('migration 0032 closes the action items whose purpose is done', () => {
  let testDatabase: TestDatabase;
  let db: Kysely<Database>;
  const userId = randomUUID();
  const closed = new Map<string, string>();
  const kept = new Map<string, string>();
  const doneBefore = randomUUID();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = createDatabase<Database>(testDatabase.url);
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0032'));
    await migrate(db as Kysely<unknown>, before);
    const company = companyRow('Migrated Co');
    await db.insertInto('company').values(company).execute();
    const document = async (overrides: Partial<Insertable<Database['epop_document']>> = {}) => {
      const row = documentRow(userId, company.company_id, overrides);
      await db.insertInto('epop_document').values(row).execute();
      return row.document_id;
    };
    const item = async (
      expected: Map<string, string>,
      name: string,
      itemType: string,
      json: string,
      completed = 0,
    ) => {
      const id = name === 'done before' ? doneBefore : randomUUID();
      await db
        .insertInto('action_item')
        .values({
          action_item_id: id,
          user_id: userId,
          item_type: itemType,
          description: name,
          json,
          created_by: 'someone',
          created_at: '2026-01-02T03:04:05.000Z',
          completed,
          completed_at: completed ? '2026-01-03T00:00:00.000Z' : null,
        })
        .execute();
      expected.set(id, name);
    };
    const about = (documentId: string) => JSON.stringify({ DocumentId: documentId });

    const paid = await document();
    await item(closed, 'invite of a Paid document', 'pop-document-invite', about(paid));
    await item(closed, 'unpaid item of a Paid document', 'unpaid-pop-action-item', about(paid));
    await item(closed, 'Colonial item of a Paid document', 'colonial-cancellation-purchase', about(paid));
    await item(kept, 'renewal reminder of a Paid document', 'pop-document-renewal', about(paid));
    await item(kept, 'testing reminder of an untested document', 'pop-document-ndt', about(paid));

    const processing = await document({ status: 'Processing' });
    await item(closed, 'unpaid item of a Processing document', 'unpaid-pop-action-item', about(processing));
    const unpaid = await document({ status: 'Unpaid' });
    await item(kept, 'invite of an Unpaid document', 'pop-document-invite', about(unpaid));

    const renewed = await document();
    await document({ status: 'Unpaid', original_document_id: renewed });
    await item(closed, 'renewal reminder of a renewed document', 'pop-document-renewal', about(renewed));
    const renewalDeactivated = await document();
    await document({ active: 0, status: 'Inactive', original_document_id: renewalDeactivated });
    await item(
      kept,
      'renewal reminder of a document whose renewal is deactivated',
      'pop-document-renewal',
      about(renewalDeactivated),
    );

    const tested = await document();
    const lastYear = await document();
    for (const [documentId, planYearEnd] of [
      [tested, '2027-12-31'],
      [lastYear, '2026-12-31'],
    ] as const) {
      await db
        .insertInto('ndt_result')
        .values({
          ndt_result_id: randomUUID(),
          document_id: documentId,
          plan_year_start: '2026-01-01',
          plan_year_end: planYearEnd,
          taken_by: userId,
          taken_by_name: 'someone',
          created_at: '2026-02-01T00:00:00.000Z',
          pass: 1,
          input: '{}',
          results: '{}',
        })
        .execute();
    }
    await item(closed, 'testing reminder of a tested document', 'pop-document-ndt', about(tested));
    await item(kept, 'testing reminder of a document tested last year', 'pop-document-ndt', about(lastYear));

    const inactive = await document({ active: 0, status: 'Inactive', status_before_inactive: 'Paid' });
    await item(closed, 'renewal reminder of an Inactive document', 'pop-document-renewal', about(inactive));
    await item(closed, 'testing reminder of an Inactive document', 'pop-document-ndt', about(inactive));
    await item(
      kept,
      'Colonial item of an Inactive document',
      'colonial-cancellation-purchase',
      about(inactive),
    );
    const repayable = await document({ active: 0, status: 'Unpaid', status_before_inactive: 'Paid' });
    await item(kept, 'item to buy a deactivated document again', 'unpaid-pop-action-item', about(repayable));
    await item(
      closed,
      'renewal reminder of a deactivated document',
      'pop-document-renewal',
      about(repayable),
    );

    await item(kept, 'item of no document', 'unpaid-pop-action-item', about(randomUUID()));
    await item(kept, 'item without data', 'pop-document-invite', 'not json');
    await item(kept, 'done before', 'unpaid-pop-action-item', about(paid), 1);

    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await testDatabase?.drop();
  });

  it('closes the items whose purpose is done, now, and leaves the others as they were', async () => {
    const rows = await db
      .selectFrom('action_item')
      .select(['action_item_id', 'completed', 'completed_at'])
      .execute();
    const state = new Map(rows.map((row) => [row.action_item_id, row]));
    const named = (ids: Map<string, string>, completed: number) =>
      [...ids].filter(([id]) => Number(state.get(id)!.completed) === completed).map(([, name]) => name);
    expect(named(closed, 0)).toEqual([]);
    expect(named(kept, 1)).toEqual(['done before']);
    for (const id of closed.keys()) expect(state.get(id)!.completed_at).not.toBeNull();
    expect(state.get(doneBefore)!.completed_at).toBe('2026-01-03T00:00:00.000Z');
  });

  it('leaves nothing the closure rule would close', async () => {
    expect(await itemsPastTheirPurpose(db)).toEqual([]);
  });
});
