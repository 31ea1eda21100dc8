import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccount } from 'shared-domain';
import { buildTestApp, type TestContext } from '../../helpers/build.js';

describe('GET /product/epop/:userId', () => {
  let ctx: TestContext;
  const employer = demoAccount('demo.employer');

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the POP Document at $300.00', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/product/epop/${employer.userId}`,
      headers: { authorization: await ctx.bearer(employer) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'POP Document', price: 300, code: 'epop' });
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
