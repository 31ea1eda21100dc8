import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import type { TestContext } from '../../helpers/build.js';

/** Add to Cart, Update Cart and reopening (specs/2-documents.md §4 "Cart buttons", §7). */
describe('POST /shopping-cart, POST /shopping-cart/:cartItemId, GET /cart/:cartItemId/epop', () => {
  const suite = seededTestApp();

  const cartItem = (account: Account, overrides: Record<string, unknown> = {}) => ({
    productId: EPOP_PRODUCT.product_id,
    quantity: 1,
    attributes: [],
    json: documentForm(),
    userId: account.userId,
    ...overrides,
  });
  const send: TestContext['send'] = (...request) => suite.ctx.send(...request);
  const cartOf = async (account: Account) =>
    (await send(account, 'GET', `/shopping-cart/${account.userId}`)).json<{
      items: { cartItemId: string; product: string; unitPrice: number; total: number }[];
    }>();

  /** Refused in the catalogue's format, and nothing stored. */
  async function expectRefused(account: Account, url: string, payload: object, status: number, body: object) {
    const before = await snapshot(suite.ctx.db);
    const response = await send(account, 'POST', url, payload);
    expect([response.statusCode, response.json()]).toEqual([status, body]);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  }

  it("adds a broker's document at $300.00 (commission included) and an employer's at $225.00", async () => {
    const { brokerB, employerB } = suite.parties.accounts;
    const added = await send(
      brokerB,
      'POST',
      '/shopping-cart',
      cartItem(brokerB, { attributes: [COMMISSION_INCLUDED.attribute_value_id] }),
    );
    expect(added.statusCode).toBe(200);
    const { cartItem: item, url } = added.json<{ cartItem: { cartItemId: string }; url: string }>();
    // Each party's cart carries a 10% Total code (test/helpers/parties.ts): it applies at once.
    expect(item).toMatchObject({
      product: 'POP Document - Orchard Dental Group',
      unitPrice: 300,
      discount: 30,
      total: 270,
    });
    expect(url).toBe(`/document/cart/${item.cartItemId}`);
    expect((await cartOf(brokerB)).items).toContainEqual(
      expect.objectContaining({ cartItemId: item.cartItemId, unitPrice: 300 }),
    );

    const employers = await send(employerB, 'POST', '/shopping-cart', cartItem(employerB));
    expect(employers.json()).toMatchObject({ cartItem: { unitPrice: 225, discount: 22.5, total: 202.5 } });
  });

  it('reopens the document a cart item holds with the same values, and Update Cart reprices it', async () => {
    const { brokerB } = suite.parties.accounts;
    const form = documentForm({ clientCompanyName: 'Reopened Dental', vision: true });
    const added = await send(
      brokerB,
      'POST',
      '/shopping-cart',
      cartItem(brokerB, { json: form, attributes: [COMMISSION_INCLUDED.attribute_value_id] }),
    );
    const { cartItemId } = added.json<{ cartItem: { cartItemId: string } }>().cartItem;
    const reopened = await send(brokerB, 'GET', `/cart/${cartItemId}/epop`);
    expect(reopened.json()).toEqual({
      cartItemId,
      actionItemId: null,
      productId: EPOP_PRODUCT.product_id,
      strategicPartnerId: null,
      selectedAttributes: [COMMISSION_INCLUDED.attribute_value_id],
      unitPrice: 300,
      // As the form's rules read it: every answer it sent, the unanswered ones at their defaults.
      form: expect.objectContaining(form),
      partner: null,
    });

    // Update Cart without the commission: same item, new document, $225.00.
    const updated = await send(
      brokerB,
      'POST',
      `/shopping-cart/${cartItemId}`,
      cartItem(brokerB, { json: { ...form, city: 'Dallas' } }),
    );
    expect(updated.json()).toMatchObject({ cartItem: { cartItemId, unitPrice: 225 } });
    expect((await send(brokerB, 'GET', `/cart/${cartItemId}/epop`)).json()).toMatchObject({
      selectedAttributes: [],
      unitPrice: 225,
      form: { city: 'Dallas', clientCompanyName: 'Reopened Dental' },
    });
    // Another broker's item reads like a missing one, to reopen and to update.
    const { brokerA } = suite.parties.accounts;
    expect((await send(brokerA, 'GET', `/cart/${cartItemId}/epop`)).statusCode).toBe(404);
    await expectRefused(brokerA, `/shopping-cart/${cartItemId}`, cartItem(brokerA), 404, {
      message: 'Cart item not found',
    });
  });

  it('takes the price from the server alone: a price in the body, an option the role may not choose', async () => {
    const { employerA, brokerA } = suite.parties.accounts;
    await expectRefused(brokerA, '/shopping-cart', cartItem(brokerA, { price: 1 }), 400, {
      type: 'validation',
      errors: ['price is not allowed'],
    });
    // The commission is a broker's option: an employer cannot choose it.
    await expectRefused(
      employerA,
      '/shopping-cart',
      cartItem(employerA, { attributes: [COMMISSION_INCLUDED.attribute_value_id] }),
      400,
      { type: 'validation', errors: ['The chosen option is not available for this product'] },
    );
    await expectRefused(
      brokerA,
      '/shopping-cart',
      cartItem(brokerA, {
        attributes: [COMMISSION_INCLUDED.attribute_value_id, COMMISSION_INCLUDED.attribute_value_id],
      }),
      400,
      { type: 'validation', errors: ['Choose one value per option'] },
    );
  });

  it("runs the order form's rules on the document, and refuses another user's cart or action item", async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const { records } = suite.parties;
    const before = await snapshot(suite.ctx.db);
    const thirteenMonths = await send(
      brokerA,
      'POST',
      '/shopping-cart',
      cartItem(brokerA, {
        json: documentForm({ currentPlanYearStartDate: '2027-01-01', currentPlanYearEndDate: '2028-01-31' }),
      }),
    );
    expect(thirteenMonths.statusCode).toBe(400);
    expect(thirteenMonths.json<{ errors: string[] }>().errors).toEqual([
      'Plan year cannot be greater than 12 months. Did you mean 01/01/2027 to 12/31/2027?',
    ]);
    const { clientCompanyName: _dropped, ...withoutName } = documentForm();
    const missing = await send(brokerA, 'POST', '/shopping-cart', cartItem(brokerA, { json: withoutName }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: string[] }>().errors.join('\n')).toMatch(/company name/i);
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    await expectRefused(brokerA, '/shopping-cart', cartItem(brokerB), 404, {
      message: 'Cart item not found',
    });
    await expectRefused(
      brokerA,
      '/shopping-cart',
      cartItem(brokerA, { actionItemId: records.brokerB.actionItemId }),
      404,
      { message: 'Action item not found' },
    );
  });
});

describe('huge strings in an order form', () => {
  const suite = seededTestApp();

  it('refuses a 1 MB company name (413) and a 100 KB one (400), storing nothing', async () => {
    const { brokerA } = suite.parties.accounts;
    const before = await snapshot(suite.ctx.db);
    for (const [size, status] of [
      [1024 * 1024, 413],
      [100 * 1024, 400],
    ] as const) {
      const response = await suite.ctx.app.inject({
        method: 'POST',
        url: '/shopping-cart',
        headers: { authorization: await suite.ctx.bearer(brokerA) },
        payload: {
          productId: EPOP_PRODUCT.product_id,
          quantity: 1,
          attributes: [],
          json: documentForm({ clientCompanyName: 'x'.repeat(size) }),
          userId: brokerA.userId,
        },
      });
      expect(response.statusCode).toBe(status);
      // Past the body limit: `{message}`; within it, the field's bound: `{type:'validation', errors}`.
      const keys = status === 413 ? ['message'] : ['errors', 'type'];
      expect(Object.keys(response.json<object>()).sort()).toEqual(keys);
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
