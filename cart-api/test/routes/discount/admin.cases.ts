import { describe, expect, it } from '@jest/globals';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';

/** The promo-code editor's calls (specs/3-admin.md §7 "Promo codes and products"), compliance only. */
describe('GET|POST /discount, POST|DELETE /discount/:id, GET /product', () => {
  const suite = seededTestApp();
  const body = (overrides: Record<string, unknown> = {}) => ({
    code: 'Harvest25',
    percentage: 25,
    amount: null,
    maxDollarAmount: 60,
    startDate: '2026-09-01',
    endDate: '2026-11-30',
    productId: null,
    type: 'Total',
    ...overrides,
  });

  it('creates, lists, edits and deletes a promo code in dollars and whole percentages', async () => {
    const compliance = suite.parties.accounts.compliance;
    const products = await suite.ctx.send(compliance, 'GET', '/product');
    expect(products.json()).toEqual([{ id: EPOP_PRODUCT.product_id, name: EPOP_PRODUCT.name }]);

    const created = await suite.ctx.send(compliance, 'POST', '/discount', body({ code: ' Harvest25 ' }));
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: string }>();
    expect(created.json()).toEqual({
      id,
      code: 'Harvest25',
      percentage: 25,
      amount: null,
      maxDollarAmount: 60,
      productId: null,
      type: 'Total',
      startDate: '2026-09-01',
      endDate: '2026-11-30',
      usage: 0,
      product: null,
    });
    expect((await suite.ctx.send(compliance, 'GET', '/discount')).json()).toContainEqual(
      expect.objectContaining({ id, code: 'Harvest25' }),
    );

    // The $/% choice: an amount now, the percentage null.
    const edited = await suite.ctx.send(
      compliance,
      'POST',
      `/discount/${id}`,
      body({
        percentage: null,
        amount: 40.5,
        maxDollarAmount: null,
        productId: EPOP_PRODUCT.product_id,
        type: 'Product',
      }),
    );
    expect(edited.json()).toMatchObject({
      id,
      percentage: null,
      amount: 40.5,
      maxDollarAmount: null,
      type: 'Product',
      product: EPOP_PRODUCT.name,
    });

    const deleted = await suite.ctx.send(compliance, 'DELETE', `/discount/${id}`);
    expect(deleted.json()).toEqual({ id, deleted: true });
    // The doubled path: an id that names no promo code any more reads as a user id (with no codes).
    const gone = await suite.ctx.send(compliance, 'GET', `/discount/${id}`);
    expect(gone.json()).toEqual([]);
    expect((await suite.ctx.send(compliance, 'GET', '/discount')).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });

  it('refuses a code without exactly one of percentage and amount, with fractions of cents, backwards dates or taken', async () => {
    const compliance = suite.parties.accounts.compliance;
    await suite.ctx.send(compliance, 'POST', '/discount', body({ code: 'TAKEN' }));
    const before = await snapshot(suite.ctx.db);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ percentage: null, amount: null }, ['Give either a percentage or an amount, not both']],
      [{ percentage: 10, amount: 5 }, ['Give either a percentage or an amount, not both']],
      [{ percentage: null, amount: 10.005 }, ['Amount must be in whole cents']],
      [{ startDate: '2026-12-01' }, ['End Date must not be before Start Date']],
      [{ code: 'taken' }, ['The promo code taken already exists']],
    ];
    for (const [overrides, errors] of cases) {
      const refused = await suite.ctx.send(compliance, 'POST', '/discount', body(overrides));
      expect([refused.statusCode, refused.json()]).toEqual([400, { type: 'validation', errors }]);
    }
    const percent = await suite.ctx.send(compliance, 'POST', '/discount', body({ percentage: 12.5 }));
    expect(percent.statusCode).toBe(400);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
