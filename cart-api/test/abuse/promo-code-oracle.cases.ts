import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { promoCodeRow, seededTestApp, snapshot, type Account } from '../helpers/parties.js';

/**
 * Issue 21 item 8, the hostile suite: `DELETE shopping-cart/{userId}/promo-code/{code}` is no oracle
 * of which codes exist. A code that is not on the caller's cart is refused alike whether or not it
 * exists, in the caller's own words (the stored spelling, 'Spring25' for 'spring25', would say it
 * does).
 */
describe('removing a promo code that is not on the cart', () => {
  const suite = seededTestApp();

  it('answers identically for a code that exists and one that does not, and changes nothing', async () => {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    const stored = `Spring${randomUUID().slice(0, 4).toUpperCase()}`;
    await suite.ctx.db.insertInto('discount').values(promoCodeRow(stored)).execute();
    const typedExisting = stored.toLowerCase();
    const typedMissing = `nosuch${randomUUID().slice(0, 4)}`;
    const remove = (typed: string) =>
      suite.ctx.send(buyer, 'DELETE', `/shopping-cart/${buyer.userId}/promo-code/${typed}`);

    const before = await snapshot(suite.ctx.db);
    const existing = await remove(typedExisting);
    const missing = await remove(typedMissing);
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    // The same status and body, but for the words the caller typed.
    const shape = (answer: typeof existing, typed: string) => [
      answer.statusCode,
      answer.body.split(typed).join('<the code typed>'),
    ];
    expect(shape(existing, typedExisting)).toEqual(shape(missing, typedMissing));
    expect(existing.body).not.toContain(stored);
    expect([existing.statusCode, existing.json()]).toEqual([
      400,
      { message: `The promo code ${typedExisting} is not applied to your cart` },
    ]);

    // A code on the caller's cart (which lists it) still comes off, named as it is listed.
    const applied = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/promo-code/${typedExisting}`,
      {},
    );
    expect(applied.statusCode).toBe(200);
    const removed = await remove(typedExisting);
    expect([removed.statusCode, removed.json<{ message: string }>().message]).toEqual([
      200,
      `The promo code ${stored} has been removed`,
    ]);
  });
});
