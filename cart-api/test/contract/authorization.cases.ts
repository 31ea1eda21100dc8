import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { demoAccount } from 'shared-domain';
import { buildTestApp, type TestContext } from '../helpers/build.js';

// Every compliance-only route of cart-api; a new one belongs in this list.
const COMPLIANCE_ROUTES = [
  { method: 'GET', url: '/order' },
  { method: 'GET', url: '/order?page=1&pageSize=10&searchText=acme' },
  { method: 'POST', url: `/order/${randomUUID()}/hide` },
  { method: 'GET', url: '/strategic-partner' },
  { method: 'GET', url: '/client/recently-viewed' },
  { method: 'GET', url: '/client/search?searchText=acme' },
] as const;

const OWNER_ROUTES = (userId: string) => [
  `/product/epop/${userId}`,
  `/action-item/${userId}/pending`,
  `/shopping-cart/${userId}/count/saved-for-later`,
  `/shopping-cart/${userId}`,
  `/epop-document/${userId}`,
];

describe('authorization', () => {
  let ctx: TestContext;
  const broker = demoAccount('demo.broker');
  const employer = demoAccount('demo.employer');
  const compliance = demoAccount('demo.compliance');

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe.each([
    ['a broker', broker.userId, ['broker']],
    ['an employer', employer.userId, ['employer']],
    ['a producer support user', randomUUID(), ['producersupport']],
    ['a user with no known role', randomUUID(), ['visitor']],
  ])('%s', (_label, userId, roles) => {
    it.each(COMPLIANCE_ROUTES)('gets 403 {message} on $method $url', async ({ method, url }) => {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { authorization: await ctx.bearer({ userId, roles }) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to perform this action' });
    });
  });

  it.each(COMPLIANCE_ROUTES.filter((r) => r.method === 'GET'))(
    'lets compliance-group roles through on $method $url',
    async ({ method, url }) => {
      for (const roles of [
        ['compliance'],
        ['admin'],
        ['iss'],
        ['teammanager'],
        ['ae'],
        ['broker', 'compliance'],
      ]) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: { authorization: await ctx.bearer({ userId: randomUUID(), roles }) },
        });
        expect(response.statusCode).toBe(200);
      }
    },
  );

  // The `user` policy: another user's records read like records that are not there (no existence leak).
  it.each(OWNER_ROUTES(employer.userId))("refuses a broker another user's %s with 404", async (url) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { authorization: await ctx.bearer(broker) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it.each(OWNER_ROUTES(broker.userId))('lets the owner and compliance read %s', async (url) => {
    for (const account of [broker, compliance]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: await ctx.bearer(account) },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  // The role group is checked before the input; ownership after it (a policy looks up only
  // well-formed ids), and a refusal there says nothing about the input either way.
  it('checks the role group before validating the input', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/order?page=0',
      headers: { authorization: await ctx.bearer(broker) },
    });
    expect(response.statusCode).toBe(403);
  });
});
