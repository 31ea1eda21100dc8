import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itemsPastTheirPurpose } from '../../src/domain/action-items/closure.js';
import { actionItemData } from '../../src/domain/action-items/data.js';
import { seedDemo } from '../../src/demo/seed.js';
import { migratedDatabase } from '../helpers/database.js';

/**
 * The demo's action items ask for something still to do (issue 23 item 8: "no action item of a Paid,
 * renewed, tested or inactive document stays open"): after `seed-demo`, run twice, no open item is
 * one the closure rule (src/domain/action-items/closure.ts) would have closed.
 */
describe('the demo seed’s action items', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  beforeAll(async () => {
    database = await migratedDatabase();
    await seedDemo(database.db);
    await seedDemo(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('leaves open only items whose purpose is not done yet', async () => {
    expect(await itemsPastTheirPurpose(database.db)).toEqual([]);
  });

  it('asks demo.broker to buy two Unpaid documents, renew one and test one', async () => {
    const items = await database.db
      .selectFrom('action_item')
      .select(['item_type', 'json', 'completed'])
      .orderBy('item_type')
      .execute();
    const documents = new Map(
      (
        await database.db.selectFrom('epop_document').select(['document_id', 'status', 'active']).execute()
      ).map((row) => [row.document_id, row]),
    );
    expect(
      items.map((item) => {
        const document = documents.get(actionItemData(item.json).DocumentId ?? '');
        return [item.item_type, Number(item.completed), document?.status, Number(document?.active)];
      }),
    ).toEqual([
      ['pop-document-invite', 0, 'Unpaid', 1],
      ['pop-document-ndt', 0, 'Paid', 1],
      ['pop-document-renewal', 0, 'Paid', 1],
      ['unpaid-pop-action-item', 0, 'Unpaid', 1],
    ]);
  });
});
