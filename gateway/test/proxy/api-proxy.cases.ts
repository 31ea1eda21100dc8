import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { buildApp } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import {
  CSRF,
  identityEnv,
  rawRequest,
  sessionCookieOf,
  startEcho,
  tempDir,
  testConfig,
  withSession,
  type Echo,
  type EchoServer,
} from '../helpers.js';

const PASSWORD = 'GoodPass2026';

/**
 * The proxy against echo upstreams: identity-api's account routes go to one echo, cart-api to
 * another, while sign-in uses a real identity-api (its issuer).
 */
describe('/api/* proxy', () => {
  let identity: TestIdentityApi;
  let accounts: EchoServer;
  let cart: EchoServer;
  let app: FastifyInstance;
  let cookie: string;
  const data = tempDir('proxy');

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'proxy.user', password: PASSWORD, roles: ['broker'] }],
    });
    accounts = await startEcho('identity');
    cart = await startEcho('cart');
    app = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        ...identityEnv(identity, { accounts: accounts.url, cart: cart.url }),
      }),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'proxy.user', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = sessionCookieOf(login)!;
  });
  afterAll(async () => {
    await app?.close();
    await accounts?.close();
    await cart?.close();
    await identity?.close();
    data.remove();
  });

  async function accessTokenOfSession(): Promise<string> {
    const id = cookie.slice(0, cookie.lastIndexOf('.'));
    const stored = (await app.sessionRecords.get(id)) as { auth: { tokens: { accessToken: string } } };
    return stored.auth.tokens.accessToken;
  }

  it('strips /api and forwards the rest unchanged to the owner of the path', async () => {
    const order = await app.inject({
      method: 'GET',
      url: '/api/order?page=1&pageSize=10&searchText=a%20b',
      headers: withSession(cookie),
    });
    expect(order.statusCode).toBe(200);
    expect(order.json<Echo>()).toMatchObject({
      upstream: 'cart',
      method: 'GET',
      url: '/order?page=1&pageSize=10&searchText=a%20b',
    });

    const user = await app.inject({ method: 'GET', url: '/api/user/42', headers: withSession(cookie) });
    expect(user.json<Echo>()).toMatchObject({ upstream: 'identity', url: '/user/42' });

    const reset = await app.inject({
      method: 'GET',
      url: '/api/authentication/password/reset?username=x',
      headers: CSRF,
    });
    expect(reset.json<Echo>()).toMatchObject({
      upstream: 'identity',
      url: '/authentication/password/reset?username=x',
    });
  });

  it('sends the bearer token up, never the browser cookie, Authorization or X-CSRF', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/shopping-cart/7/promo-code/SAVE10',
      headers: withSession(cookie, {
        authorization: 'Bearer forged-by-the-browser',
        'content-type': 'application/json',
        'x-request-id': 'req-123',
      }),
      payload: { hello: 'world' },
    });
    expect(response.statusCode).toBe(200);
    const echo = response.json<Echo>();
    expect(echo.headers.cookie).toBeUndefined();
    expect(echo.headers['x-csrf']).toBeUndefined();
    expect(echo.headers.authorization).toBe(`Bearer ${await accessTokenOfSession()}`);
    expect(echo.headers['x-request-id']).toBe('req-123');
    expect(echo.body).toBe('{"hello":"world"}');
    expect(response.headers['x-request-id']).toBe('req-123');
  });

  it('generates a request id when the browser sends none and forwards it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
    const forwarded = response.json<Echo>().headers['x-request-id'];
    expect(forwarded).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(forwarded);
  });

  it('never lets an upstream Set-Cookie reach the browser and marks the answer no-store', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/system-message?location=login',
      headers: CSRF,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 to a guest outside the public routes, and lets the public routes through', async () => {
    for (const url of ['/api/order', '/api/user/42', '/api/shopping-cart/1', '/api/system-message/9']) {
      const response = await app.inject({ method: 'GET', url, headers: CSRF });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: { message: GATEWAY_MESSAGES.notSignedIn },
      });
    }
    for (const url of [
      '/api/system-message?location=login',
      '/api/system-message/config/app',
      '/api/system-message/config/refresh-token',
      '/api/user/exists?username=x',
      '/api/temporary-user-token?token=t',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: CSRF });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.json<Echo>().headers.authorization).toBeUndefined();
    }
    const register = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: CSRF,
      payload: { username: 'new' },
    });
    expect(register.json<Echo>()).toMatchObject({ upstream: 'identity', method: 'POST', url: '/user' });
  });

  it('counts page views of guests and of signed-in users (the bearer goes along when there is one)', async () => {
    const guest = await app.inject({
      method: 'POST',
      url: '/api/page-view',
      headers: CSRF,
      payload: { path: '/basket' },
    });
    expect(guest.statusCode).toBe(200);
    expect(guest.json<Echo>()).toMatchObject({ upstream: 'cart', method: 'POST', url: '/page-view' });
    expect(guest.json<Echo>().headers.authorization).toBeUndefined();

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/page-view',
      headers: withSession(cookie),
      payload: { path: '/basket' },
    });
    expect(signedIn.json<Echo>().headers.authorization).toBe(`Bearer ${await accessTokenOfSession()}`);
    expect(JSON.parse(signedIn.json<Echo>().body)).toEqual({ path: '/basket' });
  });

  it('refuses path escapes before they reach an upstream', async () => {
    const before = cart.received.length + accounts.received.length;
    for (const url of [
      '/api/%2e%2e/oidc/token',
      '/api/../oidc/token',
      '/api/user/../../oidc/token',
      '/api/user/%2E%2E/%2E%2E/oidc/token',
      '/api/user/..%2f..%2foidc/token',
      '/api/user%2F..%2Foidc',
      '/api/user/%5c..%5coidc',
      '/api/%252e%252e/oidc',
    ]) {
      const response = await rawRequest(app, 'GET', url, withSession(cookie));
      expect({ url, status: response.status, body: JSON.parse(response.body) as unknown }).toEqual({
        url,
        status: 400,
        body: { message: GATEWAY_MESSAGES.invalidPath },
      });
    }
    expect(cart.received.length + accounts.received.length).toBe(before);
  });

  it('never routes to identity-api’s OAuth endpoints: /api/oidc/* belongs to cart-api', async () => {
    for (const url of ['/api/oidc/token', '/api/oidc/jwks', '/api/oidc/.well-known/openid-configuration']) {
      const response = await app.inject({ method: 'POST', url, headers: withSession(cookie) });
      expect(response.json<Echo>()).toMatchObject({ upstream: 'cart', url: url.slice('/api'.length) });
    }
    // And through the real identity-api's port nothing would have answered either: the table has no route there.
  });

  it('answers 502 {message} when the upstream is down', async () => {
    const down = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        ...identityEnv(identity, { accounts: 'http://127.0.0.1:9', cart: 'http://127.0.0.1:9' }),
      }),
    );
    try {
      const response = await down.inject({ method: 'GET', url: '/api/system-message', headers: CSRF });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: GATEWAY_MESSAGES.unreachable });
    } finally {
      await down.close();
    }
  });
});
