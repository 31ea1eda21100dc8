import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccount } from 'shared-domain';
import { buildTestApp, type TestContext } from '../helpers/build.js';

describe('authentication', () => {
  let ctx: TestContext;
  const broker = demoAccount('demo.broker');
  const countsUrl = `/shopping-cart/${broker.userId}/count/saved-for-later`;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: countsUrl, headers: authorization ? { authorization } : {} });

  it('accepts a valid access token', async () => {
    const response = await call(await ctx.bearer(broker));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cartCount: 0, savedForLaterCount: 0 });
  });

  it('answers 401 {message} without a token', async () => {
    const response = await call();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required' });
  });

  it('answers 401 before looking at the input', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/order?page=0' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a malformed token', async () => 'Bearer not-a-jwt'],
    [
      'a token signed with an unpublished key',
      async () => `Bearer ${await ctx.issuer.signWithForeignKey({ sub: broker.userId, roles: ['broker'] })}`,
    ],
    [
      'an expired token',
      async () =>
        `Bearer ${await ctx.issuer.sign({ sub: broker.userId, roles: ['broker'], expiresIn: -120 })}`,
    ],
    [
      'a token for another audience',
      async () =>
        `Bearer ${await ctx.issuer.sign({ sub: broker.userId, roles: ['broker'], aud: 'pop-gateway' })}`,
    ],
    [
      'a token from another issuer',
      async () =>
        `Bearer ${await ctx.issuer.sign({ sub: broker.userId, roles: ['broker'], iss: 'http://evil.example/oidc' })}`,
    ],
  ])('answers 401 {message} for %s', async (_label, header) => {
    const response = await call(await header());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid or expired access token' });
  });

  it('answers 401 for another authorization scheme', async () => {
    const response = await call('Basic ZGVtbzpkZW1v');
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 {message} for an unknown path, once signed in', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/no-such-thing',
      headers: { authorization: await ctx.bearer(broker) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
