import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { demoAccount } from 'shared-domain';
import { createDatabase, createTestDatabase, migrateToLatest as migrate } from 'service-kit/server';
import type { OrderPage } from '../../src/contract/order.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import * as initial from '../../src/db/migrations/0001-initial.js';
import * as referenceData from '../../src/db/migrations/0002-reference-data.js';
import * as orderSearchText from '../../src/db/migrations/0003-order-search-text.js';
import { EPOP_PRODUCT } from '../../src/db/reference-data.js';
import type { Database } from '../../src/db/schema.js';
import { seedDemo } from '../../src/demo/seed.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { companyRow } from '../helpers/rows.js';

const client = (name: string) => companyRow(name);

const item = (orderId: string, clientCompanyId: string) => ({
  order_item_id: randomUUID(),
  order_id: orderId,
  product_id: EPOP_PRODUCT.product_id,
  product_type: EPOP_PRODUCT.name,
  display_text: 'POP Document',
  document_id: null,
  client_company_id: clientCompanyId,
  broker_name: null,
  price_cents: 0,
  returned: 0,
});

describe('orders.search_text (the order search) stays right whatever writes the rows', () => {
  let ctx: TestContext;
  let authorization: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    await seedDemo(ctx.db);
    authorization = await ctx.bearer(demoAccount('demo.compliance'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const search = async (searchText: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/order?pageSize=100&searchText=${encodeURIComponent(searchText)}`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    return response.json<OrderPage>().data.map((order) => order.orderNumber);
  };

  it('follows a company rename to every order of that client', async () => {
    const { company_id } = await ctx.db
      .selectFrom('company')
      .select('company_id')
      .where('name', '=', 'Lakeside Marina')
      .executeTakeFirstOrThrow();
    const before = await search('lakeside marina');
    expect(before.length).toBeGreaterThan(0);

    await ctx.db
      .updateTable('company')
      .set({ name: 'Bayfront BOATS Ltd' })
      .where('company_id', '=', company_id)
      .execute();
    expect(await search('BAYFRONT boats')).toEqual(before);
    expect(await search('lakeside marina')).toEqual([]);
  });

  it('follows items added to, moved between and removed from orders', async () => {
    const company = client('Quarry_Hill 100% Organic');
    await ctx.db.insertInto('company').values(company).execute();
    const [first, second] = await ctx.db
      .selectFrom('orders')
      .select(['order_id', 'order_number'])
      .orderBy('order_number')
      .limit(2)
      .execute();
    if (!first || !second) throw new Error('the demo seed has orders');

    const added = item(first.order_id, company.company_id);
    await ctx.db.insertInto('order_item').values(added).execute();
    expect(await search('quarry_hill')).toEqual([first.order_number]);
    // The order's own fields still match beside the new name.
    expect(await search(first.order_number)).toEqual([first.order_number]);

    await ctx.db
      .updateTable('order_item')
      .set({ order_id: second.order_id })
      .where('order_item_id', '=', added.order_item_id)
      .execute();
    expect(await search('100% organic')).toEqual([second.order_number]);

    await ctx.db.deleteFrom('order_item').where('order_item_id', '=', added.order_item_id).execute();
    expect(await search('quarry')).toEqual([]);

    // An order for many clients: its search text outgrows any index entry limit, and still matches.
    const many = Array.from({ length: 100 }, (_, i) => client(`Client ${i} ${randomUUID()}${randomUUID()}`));
    await ctx.db.insertInto('company').values(many).execute();
    await ctx.db
      .insertInto('order_item')
      .values(many.map((company) => item(second.order_id, company.company_id)))
      .execute();
    expect(await search('client 99 ')).toEqual([second.order_number]);
  });

  it('follows a new transaction id, and matches LIKE wildcards and field boundaries literally', async () => {
    const order = await ctx.db
      .selectFrom('orders')
      .select(['order_id', 'order_number'])
      .where('transaction_id', 'is', null)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('orders')
      .set({ transaction_id: 'TXN_SEARCH%1' })
      .where('order_id', '=', order.order_id)
      .execute();
    expect(await search('txn_search%1')).toEqual([order.order_number]);
    expect(await search('txn_search_1')).toEqual([]);
    expect(await search('txnXsearch')).toEqual([]);
    // The order number runs straight into the transaction id only across the separator.
    expect(await search(`${order.order_number}txn`)).toEqual([]);
    expect(await search(`${order.order_number}\u001ftxn_search`)).toEqual([]);
  });
});

describe('migration 0003-order-search-text', () => {
  it('fills search_text for the orders that existed before it, and reverts cleanly', async () => {
    const testDatabase = await createTestDatabase();
    const db = createDatabase<Database>(testDatabase.url);
    try {
      await migrate(db as Kysely<unknown>, { '0001-initial': initial, '0002-reference-data': referenceData });
      const [acme, harbor] = [client('ACME Dental'), client('Harbor Freight Co')];
      await db.insertInto('company').values([acme, harbor]).execute();
      const orderId = randomUUID();
      await db
        .insertInto('orders')
        .values({
          order_id: orderId,
          order_number: '700001',
          user_id: randomUUID(),
          ordered_by: 'Bea Broker',
          ordered_by_email: 'bea@example.com',
          transaction_id: 'TXN42',
          payment_method: 'card',
          total_cents: 0,
          is_new: 1,
          paid_at: null,
          receipt: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      await db
        .insertInto('order_item')
        .values([item(orderId, acme.company_id), item(orderId, harbor.company_id)])
        .execute();

      expect(await migrateToLatest(db)).toContain('0003-order-search-text');
      const { search_text } = await db.selectFrom('orders').select('search_text').executeTakeFirstOrThrow();
      expect(search_text.split('\u001f').sort()).toEqual([
        '700001',
        'acme dental',
        'harbor freight co',
        'txn42',
      ]);

      // down and up again: the column, its triggers and indexes go and come back, refilled.
      await orderSearchText.down(db as Kysely<unknown>);
      const reverted = await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
      expect(Object.keys(reverted)).not.toContain('search_text');
      await orderSearchText.up(db as Kysely<unknown>);
      await db
        .updateTable('company')
        .set({ name: 'Acme Vision' })
        .where('company_id', '=', acme.company_id)
        .execute();
      const refilled = await db.selectFrom('orders').select('search_text').executeTakeFirstOrThrow();
      expect(refilled.search_text.split('\u001f').sort()).toEqual([
        '700001',
        'acme vision',
        'harbor freight co',
        'txn42',
      ]);
    } finally {
      await db.destroy();
      await testDatabase.drop();
    }
  });
});
