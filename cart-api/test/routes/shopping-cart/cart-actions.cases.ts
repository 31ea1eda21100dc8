import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { documentForm } from '../../helpers/documents.js';
import { promoCodeRow, seededTestApp, snapshot, type Account } from '../../helpers/parties.js';

/** The basket's actions and promo codes (specs/1-foundation.md §7 Cart; issue 10 "Promo codes"). */
describe('the cart: save for later, move to cart, remove, promo codes', () => {
  const suite = seededTestApp();

  async function buyerWithItem() {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    const added = await suite.ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: 'Actions Co' }),
      userId: buyer.userId,
    });
    return { buyer, itemId: added.json<{ cartItem: { cartItemId: string } }>().cartItem.cartItemId };
  }

  async function insertCode(code: string, terms: { start: string; end: string }) {
    await suite.ctx.db
      .insertInto('discount')
      .values(promoCodeRow(code, { start_date: terms.start, end_date: terms.end }))
      .execute();
  }

  it('saves an item for later, moves it back and removes it, answering the cart and counts each time', async () => {
    const { buyer, itemId } = await buyerWithItem();
    const counts = async () =>
      (await suite.ctx.send(buyer, 'GET', `/shopping-cart/${buyer.userId}/count/saved-for-later`)).json();
    const saved = await suite.ctx.send(buyer, 'POST', `/shopping-cart/${itemId}/save-for-later`, {});
    expect(saved.json()).toMatchObject({
      total: 0,
      items: [],
      savedForLater: [{ cartItemId: itemId, unitPrice: 300 }],
    });
    expect(await counts()).toEqual({ cartCount: 0, savedForLaterCount: 1 });
    const moved = await suite.ctx.send(buyer, 'POST', `/shopping-cart/${itemId}/move-to-cart`, {});
    expect(moved.json()).toMatchObject({ total: 300, items: [{ cartItemId: itemId }], savedForLater: [] });
    const removed = await suite.ctx.send(buyer, 'DELETE', `/shopping-cart/${itemId}`);
    expect(removed.json()).toMatchObject({ total: 0, items: [], savedForLater: [] });
    expect(await counts()).toEqual({ cartCount: 0, savedForLaterCount: 0 });
    const again = await suite.ctx.send(buyer, 'DELETE', `/shopping-cart/${itemId}`);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'Cart item not found' }]);
  });

  it('applies a code trimmed and in any case, refuses unknown, expired, future and repeated ones clearly, and removes it', async () => {
    const { buyer } = await buyerWithItem();
    await insertCode('Autumn10', { start: '2026-01-01', end: '2099-12-31' });
    await insertCode('Gone20', { start: '2025-01-01', end: '2025-12-31' });
    await insertCode('Later30', { start: '2098-01-01', end: '2099-12-31' });
    const apply = (code: string) =>
      suite.ctx.send(
        buyer,
        'POST',
        `/shopping-cart/${buyer.userId}/promo-code/${encodeURIComponent(code)}`,
        {},
      );

    const before = await snapshot(suite.ctx.db);
    for (const [code, message] of [
      ['NOPE', 'The promo code NOPE does not exist'],
      ['gone20', 'The promo code Gone20 expired on 12/31/2025'],
      ['LATER30', 'The promo code Later30 is not valid until 01/01/2098'],
      ['   ', 'Enter a promo code'],
    ] as const) {
      const refused = await apply(code);
      expect([refused.statusCode, refused.json()]).toEqual([400, { message }]);
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    const applied = await apply('  autumn10 ');
    expect(applied.json()).toMatchObject({
      message: 'Discount has been applied',
      cart: { subtotal: 300, discount: 30, total: 270 },
    });
    const twice = await apply('AUTUMN10');
    expect([twice.statusCode, twice.json()]).toEqual([
      400,
      { message: 'The promo code Autumn10 has already been applied to your cart' },
    ]);
    expect((await suite.ctx.send(buyer, 'GET', `/discount/${buyer.userId}`)).json()).toEqual([
      expect.objectContaining({ code: 'Autumn10', percentage: 10, type: 'Total' }),
    ]);

    const removed = await suite.ctx.send(
      buyer,
      'DELETE',
      `/shopping-cart/${buyer.userId}/promo-code/autumn10`,
    );
    expect(removed.json()).toMatchObject({
      message: 'The promo code Autumn10 has been removed',
      cart: { discount: 0, total: 300 },
    });
    const notApplied = await suite.ctx.send(
      buyer,
      'DELETE',
      `/shopping-cart/${buyer.userId}/promo-code/autumn10`,
    );
    // In the caller's words: the stored spelling would tell that such a code exists (issue 21).
    expect([notApplied.statusCode, notApplied.json()]).toEqual([
      400,
      { message: 'The promo code autumn10 is not applied to your cart' },
    ]);
  });

  it('refuses every change to a cart while its purchase runs (409), and lets another user’s cart be', async () => {
    const { buyer, itemId } = await buyerWithItem();
    await suite.ctx.db
      .insertInto('purchase')
      .values({
        user_id: buyer.userId,
        purchase_id: randomUUID(),
        state: 'running',
        started_at: new Date().toISOString(),
        finished_at: null,
        transaction_id: null,
        display_text: null,
        order_id: null,
      })
      .execute();
    const message = 'Your order is being processed: your cart cannot change until it has finished';
    for (const [method, url] of [
      ['POST', `/shopping-cart/${itemId}/save-for-later`],
      ['DELETE', `/shopping-cart/${itemId}`],
      ['POST', `/shopping-cart/${buyer.userId}/promo-code/WELCOME5`],
    ] as const) {
      const refused = await suite.ctx.send(buyer, method, url, method === 'POST' ? {} : undefined);
      expect([url, refused.statusCode, refused.json()]).toEqual([url, 409, { message }]);
    }
    const paying = await suite.ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/free`, {});
    expect([paying.statusCode, paying.json()]).toEqual([
      409,
      {
        message:
          'Your order is already being processed. Please wait for it to finish; you will not be charged twice.',
      },
    ]);
    const other = suite.parties.accounts.brokerB;
    const theirs = await suite.ctx.send(
      other,
      'POST',
      `/shopping-cart/${suite.parties.records.brokerB.cartItemId}/save-for-later`,
      {},
    );
    expect(theirs.statusCode).toBe(200);
  });
});
