import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { demoAccount } from 'shared-domain';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { seedDemo } from '../../../src/demo/seed.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';

describe('shopping cart', () => {
  let ctx: TestContext;
  const broker = demoAccount('demo.broker');

  beforeAll(async () => {
    ctx = await buildTestApp();
    await seedDemo(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = async (account: { userId: string; roles: readonly string[] }, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: await ctx.bearer(account) } });

  it('answers an empty cart as zeros and empty lists', async () => {
    const newcomer = { userId: randomUUID(), roles: ['employer'] };
    const cart = await get(newcomer, `/shopping-cart/${newcomer.userId}`);
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).toEqual({ total: 0, subtotal: 0, discount: 0, items: [], savedForLater: [] });
    const counts = await get(newcomer, `/shopping-cart/${newcomer.userId}/count/saved-for-later`);
    expect(counts.json()).toEqual({ cartCount: 0, savedForLaterCount: 0 });
  });

  it("answers the broker's cart and saved-for-later items, totals over the cart only", async () => {
    const cart = await get(broker, `/shopping-cart/${broker.userId}`);
    expect(cart.json()).toEqual({
      total: 300,
      subtotal: 300,
      discount: 0,
      items: [
        {
          id: expect.any(String),
          cartItemId: expect.any(String),
          product: 'POP Document - Meadowbrook Florist',
          unitPrice: 300,
          discount: 0,
          total: 300,
        },
      ],
      savedForLater: [
        expect.objectContaining({ product: 'POP Document - Northgate Plumbing Co', unitPrice: 300 }),
      ],
    });
    const counts = await get(broker, `/shopping-cart/${broker.userId}/count/saved-for-later`);
    expect(counts.json()).toEqual({ cartCount: 1, savedForLaterCount: 1 });
  });

  it("prices an item at the product's base price plus the attribute's adjustment", async () => {
    const buyer = { userId: randomUUID(), roles: ['broker'] };
    await ctx.db
      .insertInto('cart_item')
      .values({
        cart_item_id: randomUUID(),
        user_id: buyer.userId,
        product_id: EPOP_PRODUCT.product_id,
        document_id: null,
        action_item_id: null,
        strategic_partner_id: null,
        display_text: 'POP Document - With Extras',
        base_price_cents: 30_000,
        price_adjustment_cents: 4_950,
        discount_cents: 0,
        attributes: '[]',
        json: '{}',
        saved_for_later: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const cart = await get(buyer, `/shopping-cart/${buyer.userId}`);
    expect(cart.json()).toMatchObject({
      subtotal: 349.5,
      discount: 0,
      total: 349.5,
      items: [{ unitPrice: 349.5, discount: 0, total: 349.5 }],
    });
  });
});

// The specs' doubled path: `shopping-cart/{itemId}` is the same route as the cart.
describe('GET /shopping-cart/:itemId (one cart item)', () => {
  const suite = seededTestApp();

  const get = async (account: Account, id: string) =>
    suite.ctx.app.inject({
      method: 'GET',
      url: `/shopping-cart/${id}`,
      headers: { authorization: await suite.ctx.bearer(account) },
    });

  it('answers the item and the screen that reopens it to its user', async () => {
    const { accounts, records } = suite.parties;
    const response = await get(accounts.employerA, records.employerA.cartItemId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cartItem: {
        cartItemId: records.employerA.cartItemId,
        documentId: records.employerA.documentId,
        actionItemId: records.employerA.actionItemId,
        product: 'POP Document - employerA',
        unitPrice: 300,
        // The party's 10% Total code (test/helpers/parties.ts).
        discount: 30,
        total: 270,
        savedForLater: false,
      },
      url: `/document/cart/${records.employerA.cartItemId}`,
    });
  });

  it('answers compliance any item', async () => {
    const { accounts, records } = suite.parties;
    const response = await get(accounts.compliance, records.brokerB.cartItemId);
    expect(response.json()).toMatchObject({ cartItem: { cartItemId: records.brokerB.cartItemId } });
  });

  it('answers a foreign item exactly like a missing one', async () => {
    const { accounts, records } = suite.parties;
    const foreign = await get(accounts.brokerB, records.brokerA.cartItemId);
    const missing = await get(accounts.brokerB, randomUUID());
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Not found' }]);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not found' }]);
  });

  it('still answers the cart for a user id on the same route', async () => {
    const { accounts, records } = suite.parties;
    const response = await get(accounts.brokerB, accounts.brokerB.userId);
    expect(response.json()).toMatchObject({
      total: 270,
      items: [{ cartItemId: records.brokerB.cartItemId }],
      savedForLater: [],
    });
  });
});
