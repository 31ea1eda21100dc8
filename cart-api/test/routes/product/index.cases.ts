import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccount } from 'shared-domain';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('GET /product/epop/:userId', () => {
  let ctx: TestContext;
  const employer = demoAccount('demo.employer');
  const broker = demoAccount('demo.broker');

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const productFor = async (account: { userId: string; roles: string[] }) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/product/epop/${account.userId}`,
      headers: { authorization: await ctx.bearer(account) },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, unknown>>();
  };

  it("answers an employer's price: the base price, $225.00, and no commission option", async () => {
    expect(await productFor(employer)).toEqual({
      productId: expect.any(String),
      name: 'POP Document',
      code: 'epop',
      price: 225,
      basePrice: 225,
      attributes: [],
      selectedAttributes: [],
    });
  });

  it("answers a broker's price: 'Commission included' [+$75.00] offered and chosen, $300.00", async () => {
    const product = await productFor(broker);
    expect(product).toEqual({
      productId: expect.any(String),
      name: 'POP Document',
      code: 'epop',
      price: 300,
      basePrice: 225,
      attributes: [
        {
          id: expect.any(String),
          name: 'Commission',
          values: [
            { attributeValueId: expect.any(String), display: 'Commission included', priceAdjustment: 75 },
          ],
        },
      ],
      selectedAttributes: [
        (product.attributes as { values: { attributeValueId: string }[] }[])[0]!.values[0]!.attributeValueId,
      ],
    });
  });

  it('answers the validation format for a malformed user id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/product/epop/bad%20id',
      headers: { authorization: await ctx.bearer({ userId: 'x', roles: ['admin'] }) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'validation',
      errors: [expect.stringMatching(/^userId must match/)],
    });
  });
});
