import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeApi } from '../../src/routing.js';
import {
  CSRF,
  sessionCookieOf,
  startGateway,
  withSession,
  type Echo,
  type GatewayHarness,
} from '../helpers.js';

const PASSWORD = 'GoodPass2026';

/**
 * identity-api's service routes (`/internal/…`, cart-api's client-credentials token only) are never
 * the browser's: the routing table sends `internal` to cart-api, which has no such route, so
 * `/api/internal/users/lookup` can never reach identity-api, whoever is signed in.
 */
describe('/api/internal/* never reaches identity-api', () => {
  let harness: GatewayHarness;
  let cookie: string;

  beforeAll(async () => {
    // The account routes go to the real identity-api here, which does have /internal/users/lookup.
    harness = await startGateway('internal', {
      users: [{ username: 'internal.officer', password: PASSWORD, roles: ['compliance'] }],
      accounts: 'identity',
    });
    const login = await harness.app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'internal.officer', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = sessionCookieOf(login)!;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('routes every spelling of internal/… to cart-api', () => {
    for (const path of [
      'internal',
      'internal/users/lookup',
      'internal/users/invite',
      'Internal/users/lookup',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE']) expect(routeApi(method, path).upstream).toBe('cart');
    }
  });

  it('sends POST /api/internal/users/lookup to cart-api, never to identity-api where the route exists', async () => {
    // The route is there on identity-api (and refuses a user's token: only cart-api's client may call it).
    const direct = await fetch(`${harness.identity.url}/internal/users/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [] }),
    });
    expect(direct.status).toBe(401);

    const before = harness.cart.received.length;
    for (const url of ['/api/internal/users/lookup', '/api/internal/users/invite']) {
      const answer = await harness.app.inject({
        method: 'POST',
        url,
        headers: withSession(cookie, { 'content-type': 'application/json' }),
        payload: { userIds: [] },
      });
      // The echo stands in for cart-api: what answered is cart-api's upstream, with the path as sent.
      expect(answer.json<Echo>()).toMatchObject({ upstream: 'cart', url: url.slice('/api'.length) });
    }
    expect(harness.cart.received.length).toBe(before + 2);
  });

  it('does not publish them in the merged API document', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).filter((path) => path.includes('internal'))).toEqual([]);
  });
});
