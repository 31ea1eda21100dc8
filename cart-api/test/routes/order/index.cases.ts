import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { demoAccount } from 'shared-domain';
import type { OrderPage } from '../../../src/contract/order.js';
import { seedDemo } from '../../../src/demo/seed.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { companyRow, daysFromToday, documentRow } from '../../helpers/rows.js';

describe('orders (compliance)', () => {
  let ctx: TestContext;
  let authorization: string;
  const compliance = demoAccount('demo.compliance');

  beforeAll(async () => {
    ctx = await buildTestApp();
    await seedDemo(ctx.db);
    authorization = await ctx.bearer(compliance);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/order${query}`,
      headers: { authorization },
    });
    return { statusCode: response.statusCode, body: response.json<OrderPage>() };
  };

  it('lists all orders newest first, ten per page by default', async () => {
    const { statusCode, body } = await list('');
    expect(statusCode).toBe(200);
    expect(body.pages).toBe(2); // 12 for demo.broker + 2 for demo.employer
    expect(body.data).toHaveLength(10);
    const dates = body.data.map((order) => order.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list('?page=2&pageSize=10');
    expect(second.body.data).toHaveLength(4);
    expect(second.body.data.map((o) => o.orderId)).not.toContain(body.data[0]?.orderId);
  });

  it('answers orders in the shape of the specs, money in dollars', async () => {
    const { body } = await list('?searchText=100001');
    expect(body.data).toHaveLength(1);
    const order = body.data[0];
    expect(order).toEqual({
      orderId: expect.any(String),
      orderNumber: '100001',
      orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      orderedBy: 'Bea Broker',
      orderedByEmail: 'demo.broker@example.com',
      total: 300,
      transactionId: expect.stringMatching(/^TXN/),
      new: true,
      hasReceipt: true,
      items: [
        {
          orderItemId: expect.any(String),
          productType: 'POP Document',
          displayText: 'POP Document - Acme Landscaping Inc',
          returned: false,
          documentId: expect.any(String),
          currentPlanYearStartDate: expect.stringMatching(/^\d{4}-\d\d-01$/),
          currentPlanYearEndDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
          clientId: expect.any(String),
          clientCompanyName: 'Acme Landscaping Inc',
          price: 300,
          broker: 'Bea Broker',
          // Its document as it is now (whether it is ready for renewal depends on today: see below).
          document: {
            status: 'Paid',
            isReadOnly: false,
            deactivated: false,
            readyForRenewal: expect.any(Boolean),
          },
        },
      ],
    });
  });

  it('searches client company names case-insensitively', async () => {
    const { body } = await list('?searchText=LAKESIDE%20marina');
    expect(body.data.map((o) => o.items[0]?.clientCompanyName)).toEqual(['Lakeside Marina']);
    expect(body.pages).toBe(1);
  });

  it('searches transaction ids', async () => {
    const { body: all } = await list('?pageSize=100');
    const transactionId = all.data.find((o) => o.transactionId)?.transactionId ?? '';
    const { body } = await list(`?searchText=${transactionId.toLowerCase()}`);
    expect(body.data.map((o) => o.transactionId)).toEqual([transactionId]);
  });

  it('treats LIKE wildcards in the search text literally', async () => {
    const { body } = await list('?searchText=%25');
    expect(body).toEqual({ data: [], pages: 0 });
  });

  it('answers no pages for a search without matches, and an empty page past the end', async () => {
    expect((await list('?searchText=nothing-matches-this')).body).toEqual({ data: [], pages: 0 });
    expect((await list('?page=9')).body).toEqual({ data: [], pages: 2 });
  });

  it.each([
    ['?page=0', ['page must be >= 1']],
    ['?pageSize=0', ['pageSize must be >= 1']],
    ['?pageSize=101', ['pageSize must be <= 100']],
    ['?page=abc', ['page must be integer']],
    ['?page=1000001', ['page must be <= 1000000']],
    ['?page=99999999999999999999', ['page must be <= 1000000']],
    ['?page=1e300', ['page must be <= 1000000']],
    ['?page=0&pageSize=500', ['page must be >= 1', 'pageSize must be <= 100']],
  ])('answers 400 in the validation format for %s', async (query, errors) => {
    const { statusCode, body } = await list(query);
    expect(statusCode).toBe(400);
    expect(body).toEqual({ type: 'validation', errors });
  });

  it('marks an order reviewed', async () => {
    const { body } = await list('?searchText=100002');
    const order = body.data[0];
    expect(order?.new).toBe(true);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/order/${order?.orderId}/hide`,
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orderId: order?.orderId, new: false });
    expect((await list('?searchText=100002')).body.data[0]?.new).toBe(false);
  });

  it('answers 404 {message} when hiding an unknown order, 400 for a malformed id', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/order/${randomUUID()}/hide`,
      headers: { authorization },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/order/42/hide',
      headers: { authorization },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ type: 'validation', errors: ['orderId must match format "uuid"'] });
  });

  it('lists the strategic partners for the New POP Document dropdown', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/strategic-partner',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Array<{ name: string }>>().map((p) => p.name)).toEqual([
      'Colonial Life',
      'Harbor Insurance Group',
      'Summit Benefits Partners',
    ]);
  });
  it("says of each item's document what the actions menu needs: status, read-only, deactivated, ready for renewal", async () => {
    const client = companyRow('Menu Dental');
    await ctx.db.insertInto('company').values(client).execute();
    const owner = randomUUID();
    const endingIn = (days: number, overrides: Parameters<typeof documentRow>[2] = {}) =>
      documentRow(owner, client.company_id, {
        plan_year_start: daysFromToday(days - 364),
        plan_year_end: daysFromToday(days),
        ...overrides,
      });
    const ready = endingIn(30);
    const early = endingIn(200);
    const deactivated = endingIn(30, { status: 'Inactive', active: 0, status_before_inactive: 'Paid' });
    await ctx.db.insertInto('epop_document').values([ready, early, deactivated]).execute();
    const orderId = randomUUID();
    await ctx.db
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: '700555',
        user_id: owner,
        ordered_by: 'Menu Buyer',
        ordered_by_email: 'menu@example.test',
        transaction_id: null,
        payment_method: 'card',
        total_cents: 90_000,
        is_new: 1,
        paid_at: new Date().toISOString(),
        receipt: '<p>receipt</p>',
        created_at: new Date().toISOString(),
      })
      .execute();
    const item = (documentId: string | null, n: number) => ({
      order_item_id: `00000000-0000-4000-8000-00000000000${n}`,
      order_id: orderId,
      product_id: ready.product_id,
      product_type: 'POP Document',
      display_text: 'POP Document - Menu Dental',
      document_id: documentId,
      client_company_id: client.company_id,
      broker_name: null,
      price_cents: 30_000,
      returned: 0,
    });
    await ctx.db
      .insertInto('order_item')
      .values([
        item(ready.document_id, 1),
        item(early.document_id, 2),
        item(deactivated.document_id, 3),
        item(null, 4),
      ])
      .execute();

    const { body } = await list('?searchText=700555');
    expect(body.data[0]?.items.map((each) => each.document)).toEqual([
      { status: 'Paid', isReadOnly: false, deactivated: false, readyForRenewal: true },
      { status: 'Paid', isReadOnly: false, deactivated: false, readyForRenewal: false },
      { status: 'Inactive', isReadOnly: true, deactivated: true, readyForRenewal: false },
      null,
    ]);
  });
});
