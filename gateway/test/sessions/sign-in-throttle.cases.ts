import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { buildApp, type AppOptions } from '../../src/app.js';
import { CSRF, identityEnv, startEcho, tempDir, testConfig, type EchoServer } from '../helpers.js';

const PASSWORD = 'GoodPass2026';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TOO_MANY = { message: ACCOUNT_MESSAGES.tooManyAttempts };

describe('sign-in throttling per client address and per account', () => {
  let identity: TestIdentityApi;
  let cart: EchoServer;
  const data = tempDir('throttle');
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'known.user', password: PASSWORD, roles: ['broker'] }],
    });
    cart = await startEcho('cart');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cart?.close();
    await identity?.close();
    data.remove();
  });

  async function gateway(env: Record<string, string>, options: AppOptions = {}) {
    const app = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        ...identityEnv(identity, { accounts: cart.url, cart: cart.url }),
        ...env,
      }),
      options,
    );
    apps.push(app);
    return app;
  }

  const login = (app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username, password },
      remoteAddress,
    });

  it('limits one address over all accounts, with one answer for existing and unknown users', async () => {
    const app = await gateway({ LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: '100' });
    expect((await login(app, 'known.user', 'Wrong2026x', '198.51.100.1')).json()).toEqual({
      error: 'invalid',
      message: MESSAGES.invalidLogin,
    });
    expect((await login(app, 'nobody.1', PASSWORD, '198.51.100.1')).statusCode).toBe(400);
    expect((await login(app, 'nobody.2', PASSWORD, '198.51.100.1')).statusCode).toBe(400);
    const known = await login(app, 'known.user', PASSWORD, '198.51.100.1');
    const unknown = await login(app, 'nobody.3', PASSWORD, '198.51.100.1');
    for (const limited of [known, unknown]) {
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await login(app, 'known.user', PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it("limits a guest's account calls (exists, reset, registration) per address, not the other public calls", async () => {
    const app = await gateway({ ACCOUNT_ROUTE_RATE_LIMIT: '3' });
    const call = (method: 'GET' | 'POST', url: string, remoteAddress = '198.51.100.7') =>
      app.inject({
        method,
        url,
        headers: CSRF,
        remoteAddress,
        ...(method === 'POST' && { payload: {} }),
      });
    expect((await call('GET', '/api/user/exists?username=known.user')).statusCode).toBe(200);
    expect((await call('GET', '/api/authentication/password/reset?username=known.user')).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/authentication/password/reset')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/user/exists?username=nobody'],
      ['POST', '/api/user'],
      ['GET', '/api/temporary-user-token?token=abc'],
    ] as const) {
      const limited = await call(method, url);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);
    }
    // Public calls outside the account routes, and other addresses, go on.
    expect((await call('GET', '/api/system-message?location=login')).statusCode).toBe(200);
    expect((await call('GET', '/api/user/exists?username=x', '198.51.100.8')).statusCode).toBe(200);
  });

  it('limits page views per address with a counter of their own', async () => {
    const app = await gateway({ PAGE_VIEW_RATE_LIMIT: '2', ACCOUNT_ROUTE_RATE_LIMIT: '2' });
    const call = (url: string, payload: object, remoteAddress = '198.51.100.20') =>
      app.inject({ method: 'POST', url, headers: CSRF, payload, remoteAddress });
    const pageView = (remoteAddress?: string) => call('/api/page-view', { path: '/orders' }, remoteAddress);
    const forwarded = () => cart.received.filter((echo) => echo.url === '/page-view').length;
    const before = forwarded();
    expect((await pageView()).statusCode).toBe(200);
    expect((await pageView()).statusCode).toBe(200);
    const limited = await pageView();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(forwarded() - before).toBe(2);
    // Used-up page views leave the address's account calls alone...
    const reset = () => call('/api/authentication/password/reset', {});
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(429);
    // ...and used-up account calls leave page views alone.
    const register = () => call('/api/user', {}, '198.51.100.21');
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(429);
    expect((await pageView('198.51.100.21')).statusCode).toBe(200);
  });

  it('limits card and ACH purchases, and promo codes, per address, each with a counter of its own', async () => {
    const app = await gateway({ PAYMENT_RATE_LIMIT: '2', PROMO_CODE_RATE_LIMIT: '1' });
    const call = (url: string, remoteAddress = '198.51.100.30') =>
      app.inject({ method: 'POST', url, headers: CSRF, payload: {}, remoteAddress });
    // Counted before the session is looked at: a guest trying cards is stopped too.
    expect((await call('/api/shopping-cart/u1/purchase/card')).statusCode).toBe(401);
    expect((await call('/api/shopping-cart/u1/purchase/ach')).statusCode).toBe(401);
    const limited = await call('/api/shopping-cart/u1/purchase/card');
    expect([limited.statusCode, limited.json()]).toEqual([429, TOO_MANY]);
    expect((await call('/api/shopping-cart/u1/promo-code/SAVE10')).statusCode).toBe(401);
    expect((await call('/api/shopping-cart/u1/promo-code/GUESS')).statusCode).toBe(429);
    // The free purchase and other addresses are not counted.
    expect((await call('/api/shopping-cart/u1/purchase/free')).statusCode).toBe(401);
    expect((await call('/api/shopping-cart/u1/purchase/card', '198.51.100.31')).statusCode).toBe(401);
  });

  it('limits one account over all addresses, whether it exists or not', async () => {
    const app = await gateway({ LOGIN_RATE_LIMIT: '100', LOGIN_ACCOUNT_RATE_LIMIT: '3' });
    const answers = async (username: string) => {
      const statuses = [];
      // Every attempt from another address: only the account counter can stop them.
      for (let attempt = 1; attempt <= 4; attempt++) {
        const response = await login(app, username, 'Wrong2026x', `203.0.113.${attempt}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json()).toEqual(TOO_MANY);
      }
      return statuses;
    };
    expect(await answers('known.user')).toEqual([400, 400, 400, 429]);
    expect(await answers('ghost.user')).toEqual([400, 400, 400, 429]);
    // The account is the lower-cased, trimmed username: spelling variants share the counter.
    expect((await login(app, '  KNOWN.User ', PASSWORD, '203.0.113.9')).json()).toEqual(TOO_MANY);
    // Other accounts still sign in.
    expect((await login(app, 'other.user', PASSWORD, '203.0.113.9')).statusCode).toBe(400);
  });

  it('counts sign-in links against the same per-address limit', async () => {
    const app = await gateway({ LOGIN_RATE_LIMIT: '2' });
    const link = () =>
      app.inject({
        method: 'POST',
        url: '/bff/auth',
        headers: CSRF,
        payload: { token: 'not-a-real-token' },
        remoteAddress: '192.0.2.7',
      });
    expect((await link()).json()).toEqual({ message: ACCOUNT_MESSAGES.invalidSignInLink });
    expect((await login(app, 'known.user', 'Wrong2026x', '192.0.2.7')).statusCode).toBe(400);
    const limited = await link();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
  });

  it('shares the counters between instances through Redis when REDIS_URL is set', async () => {
    const options: AppOptions = { redisPrefix: `pop:test:${randomUUID()}:` };
    const env = { REDIS_URL, LOGIN_RATE_LIMIT: '100', LOGIN_ACCOUNT_RATE_LIMIT: '2' };
    const one = await gateway(env, options);
    const two = await gateway(env, options);
    expect((await login(one, 'known.user', 'Wrong2026x')).statusCode).toBe(400);
    expect((await login(two, 'known.user', 'Wrong2026x')).statusCode).toBe(400);
    expect((await login(one, 'known.user', PASSWORD)).json()).toEqual(TOO_MANY);
    expect((await login(two, 'known.user', PASSWORD)).json()).toEqual(TOO_MANY);
  });
});
