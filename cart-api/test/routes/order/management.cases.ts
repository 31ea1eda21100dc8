import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { OrderPage, ReviewedOrders } from '../../../src/contract/order.js';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

/**
 * Order Management's filters and bulk Mark as Reviewed (issue 24 item 7). The orders are placed around
 * New York's midnights (EST until March 8th 2026, EDT after), so a day filter is proved to be the
 * product's day, not UTC's.
 */
describe('Order Management: filters and bulk Mark as Reviewed', () => {
  let ctx: TestContext;
  const compliance = { userId: randomUUID(), roles: ['compliance'] } as const;
  const broker = { userId: randomUUID(), roles: ['broker'] } as const;
  const employer = { userId: randomUUID(), roles: ['employer'] } as const;
  const partnerOne = companyRow('Partner One', { kind: 'strategic-partner' });
  const partnerTwo = companyRow('Partner Two', { kind: 'strategic-partner' });
  const client = companyRow('Filter Client');
  /** Order number → order id. */
  const ids: Record<string, string> = {};

  /** An order at `createdAt` with one item per entry: a document of that partner (null: none), or no document. */
  async function placeOrder(
    orderNumber: string,
    createdAt: string,
    isNew: boolean,
    items: (string | null | 'no document')[],
  ) {
    const orderId = randomUUID();
    ids[orderNumber] = orderId;
    await ctx.db
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: orderNumber,
        user_id: broker.userId,
        ordered_by: 'Filter Broker',
        ordered_by_email: 'filter.broker@example.test',
        transaction_id: `TX-${orderNumber}`,
        payment_method: 'card',
        total_cents: 30_000 * items.length,
        is_new: isNew ? 1 : 0,
        paid_at: createdAt,
        receipt: '<p>receipt</p>',
        created_at: createdAt,
      })
      .execute();
    for (const partner of items) {
      let documentId: string | null = null;
      if (partner !== 'no document') {
        const document = documentRow(broker.userId, client.company_id, { strategic_partner_id: partner });
        await ctx.db.insertInto('epop_document').values(document).execute();
        documentId = document.document_id;
      }
      await ctx.db
        .insertInto('order_item')
        .values({
          order_item_id: randomUUID(),
          order_id: orderId,
          product_id: EPOP_PRODUCT.product_id,
          product_type: 'POP Document',
          display_text: 'POP Document - Filter Client',
          document_id: documentId,
          client_company_id: client.company_id,
          broker_name: 'Filter Broker',
          price_cents: 30_000,
          returned: 0,
        })
        .execute();
    }
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.db.insertInto('company').values([partnerOne, partnerTwo, client]).execute();
    // February 28th, 11:30 pm in New York (EST): March 1st in UTC.
    await placeOrder('900001', '2026-03-01T04:30:00.000Z', true, [null]);
    // March 1st, 00:30 in New York.
    await placeOrder('900002', '2026-03-01T05:30:00.000Z', false, [partnerOne.company_id]);
    // March 10th (EDT): one document of each partner.
    await placeOrder('900003', '2026-03-10T15:00:00.000Z', true, [
      partnerOne.company_id,
      partnerTwo.company_id,
    ]);
    // March 10th, 11:59 pm in New York; an item without a document.
    await placeOrder('900004', '2026-03-11T03:59:00.000Z', true, ['no document']);
    // March 11th, midnight in New York.
    await placeOrder('900005', '2026-03-11T04:00:00.000Z', false, [partnerTwo.company_id]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (query: string) => {
    const response = await ctx.send(compliance, 'GET', `/order?${query}`);
    return { statusCode: response.statusCode, body: response.json<OrderPage>() };
  };
  const numbers = async (query: string) => {
    const { statusCode, body } = await list(query);
    expect(statusCode).toBe(200);
    return body.data.map((order) => order.orderNumber);
  };

  it('filters by order day, both days inclusive, in New York time', async () => {
    expect(await numbers('from=2026-03-01&to=2026-03-10')).toEqual(['900004', '900003', '900002']);
    expect(await numbers('from=2026-02-28&to=2026-02-28')).toEqual(['900001']);
    expect(await numbers('from=2026-03-11')).toEqual(['900005']);
    expect(await numbers('to=2026-03-01')).toEqual(['900002', '900001']);
    expect((await list('from=2026-04-01')).body).toEqual({ data: [], pages: 0 });
  });

  it('filters the new orders only', async () => {
    expect(await numbers('newOnly=true')).toEqual(['900004', '900003', '900001']);
    expect(await numbers('newOnly=false')).toHaveLength(5);
  });

  it("filters by partner: an order is a partner's when one of its documents is; general is every other", async () => {
    expect(await numbers(`partner=${partnerOne.company_id}`)).toEqual(['900003', '900002']);
    expect(await numbers(`partner=${partnerTwo.company_id}`)).toEqual(['900005', '900003']);
    expect(await numbers('partner=general')).toEqual(['900004', '900001']);
    expect((await list(`partner=${randomUUID()}`)).body).toEqual({ data: [], pages: 0 });
  });

  it('combines the filters with each other, the search and the pages', async () => {
    expect(await numbers(`newOnly=true&partner=${partnerOne.company_id}&from=2026-03-02`)).toEqual([
      '900003',
    ]);
    expect(await numbers('partner=general&searchText=900003')).toEqual([]);
    expect(await numbers('newOnly=true&searchText=tx-900001')).toEqual(['900001']);
    const first = await list('newOnly=true&pageSize=2');
    expect(first.body.pages).toBe(2);
    expect(await numbers('newOnly=true&pageSize=2&page=2')).toEqual(['900001']);
  });

  it.each([
    ['from=2026-03-11&to=2026-03-10', ['From must be on or before To']],
    ['from=2026-02-30', ['from must match format "date"']],
    ['to=03%2F01%2F2026', ['to must match format "date"']],
    ['newOnly=maybe', ['newOnly must be boolean']],
  ])('answers 400 in the catalogue for %s', async (query, errors) => {
    const { statusCode, body } = await list(query);
    expect(statusCode).toBe(400);
    expect(body).toEqual({ type: 'validation', errors });
  });

  it('answers 400 for a partner that is neither general nor a company id', async () => {
    const { statusCode, body } = await list('partner=colonial');
    expect(statusCode).toBe(400);
    expect(body).toEqual({
      type: 'validation',
      errors: [
        'partner must be equal to constant',
        'partner must match format "uuid"',
        'partner must match a schema in anyOf',
      ],
    });
  });

  const markReviewed = (account: { userId: string; roles: readonly string[] }, payload: object) =>
    ctx.send(account, 'POST', '/order/reviewed', payload);

  it('refuses the bulk Mark as Reviewed to other groups (403) and to guests (401), changing nothing', async () => {
    const before = await snapshot(ctx.db);
    for (const account of [broker, employer]) {
      const response = await markReviewed(account, { orderIds: [ids['900001']] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to perform this action' });
    }
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/order/reviewed',
      payload: { orderIds: [ids['900001']] },
    });
    expect(guest.statusCode).toBe(401);
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it.each([
    ['no ids', { orderIds: [] }, 'orderIds must NOT have fewer than 1 items'],
    [
      'more than 100 ids',
      { orderIds: Array.from({ length: 101 }, () => randomUUID()) },
      'orderIds must NOT have more than 100 items',
    ],
    ['an id that is not a uuid', { orderIds: ['42'] }, 'orderIds.0 must match format "uuid"'],
    ['an unknown field', { orderIds: [randomUUID()], all: true }, 'all is not allowed'],
    ['no orderIds', {}, 'orderIds is required'],
  ])('answers 400 in the catalogue for %s, changing nothing', async (_what, payload, error) => {
    const before = await snapshot(ctx.db);
    const response = await markReviewed(compliance, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: 'validation', errors: [error] });
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it('marks the orders selected reviewed and reports the ids that name no order', async () => {
    const unknown = randomUUID();
    const response = await markReviewed(compliance, {
      // An order already reviewed (900002) and an id given twice: each answered once.
      orderIds: [ids['900001'], unknown, ids['900003'], ids['900002'], ids['900001']],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ReviewedOrders>()).toEqual({
      reviewed: [ids['900001'], ids['900003'], ids['900002']],
      notFound: [unknown],
    });
    expect(await numbers('newOnly=true')).toEqual(['900004']);

    // The single Mark as Reviewed is the same rule: the last new order, then an unknown one.
    const single = await ctx.send(compliance, 'POST', `/order/${ids['900004']}/hide`, {});
    expect(single.json()).toEqual({ orderId: ids['900004'], new: false });
    expect((await list('newOnly=true')).body).toEqual({ data: [], pages: 0 });
    const none = await markReviewed(compliance, { orderIds: [unknown] });
    expect(none.json()).toEqual({ reviewed: [], notFound: [unknown] });
  });
});
