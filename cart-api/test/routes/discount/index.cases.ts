import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { seededTestApp, type Account } from '../../helpers/parties.js';

// The specs' doubled path: `discount/{userId}` (applied codes) and `discount/{id}` (one promo code).
describe('GET /discount/:userId|:id', () => {
  const suite = seededTestApp();

  const get = async (account: Account, id: string) =>
    suite.ctx.app.inject({
      method: 'GET',
      url: `/discount/${id}`,
      headers: { authorization: await suite.ctx.bearer(account) },
    });

  it("answers the codes applied to a user's cart, to that user and to compliance", async () => {
    const { accounts, records } = suite.parties;
    const applied = [
      {
        id: records.brokerA.discountId,
        code: 'CODE-brokerA',
        percentage: 10,
        amount: null,
        maxDollarAmount: null,
        productId: null,
        type: 'Total',
      },
    ];
    expect((await get(accounts.brokerA, accounts.brokerA.userId)).json()).toEqual(applied);
    expect((await get(accounts.compliance, accounts.brokerA.userId)).json()).toEqual(applied);
    expect((await get(accounts.brokerB, accounts.brokerA.userId)).statusCode).toBe(404);
  });

  it('answers one promo code with its validity and usage to compliance, in dollars', async () => {
    const { accounts } = suite.parties;
    const discountId = randomUUID();
    await suite.ctx.db
      .insertInto('discount')
      .values({
        discount_id: discountId,
        code: 'Spring50',
        code_key: 'spring50',
        percentage: null,
        amount_cents: 5_000,
        max_amount_cents: 7_550,
        start_date: '2027-03-01',
        end_date: '2027-05-31',
        product_id: null,
        type: 'Product',
        usage: 3,
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await get(accounts.compliance, discountId);
    expect(response.json()).toEqual({
      id: discountId,
      code: 'Spring50',
      percentage: null,
      amount: 50,
      maxDollarAmount: 75.5,
      productId: null,
      type: 'Product',
      startDate: '2027-03-01',
      endDate: '2027-05-31',
      usage: 3,
      product: null,
    });
    // To anyone else a code's id reads like a missing one (or a user id that is not theirs).
    const broker = await get(accounts.brokerA, discountId);
    const missing = await get(accounts.brokerA, randomUUID());
    expect([broker.statusCode, broker.json()]).toEqual([404, { message: 'Not found' }]);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not found' }]);
  });
});
