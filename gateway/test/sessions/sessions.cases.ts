import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { freePort, startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { SESSION_ABSOLUTE_MS, TOKEN_REFRESH_AFTER_MS } from 'shared-domain';
import { fakeDateOnly } from 'shared-domain/testing';
import { buildApp, type AppOptions } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import { createIdentityClient } from '../../src/plugins/app/identity-client.js';
import { fixedRefreshSetting } from '../../src/plugins/app/refresh-setting.js';
import {
  CSRF,
  identityEnv,
  sessionCookieOf,
  sessionIdOf,
  startEcho,
  tempDir,
  testConfig,
  withSession,
  type Echo,
  type EchoServer,
  countingIdentity,
} from '../helpers.js';

const PASSWORD = 'GoodPass2026';
const MINUTE = 60 * 1000;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('server-side sessions', () => {
  let identity: TestIdentityApi;
  let cart: EchoServer;
  const dirs: { remove(): void }[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'session.user', password: PASSWORD, roles: ['compliance'] }],
    });
    cart = await startEcho('cart');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cart?.close();
    await identity?.close();
    for (const dir of dirs) dir.remove();
  });

  function env(dataDir: string, extra: Record<string, string> = {}) {
    return { DATA_DIR: dataDir, ...identityEnv(identity, { accounts: cart.url, cart: cart.url }), ...extra };
  }

  async function gateway(extraEnv: Record<string, string> = {}, options: AppOptions = {}, dataDir?: string) {
    let path = dataDir;
    if (!path) {
      const dir = tempDir('sessions');
      dirs.push(dir);
      path = dir.path;
    }
    const app = await buildApp(testConfig(env(path, extraEnv)), options);
    apps.push(app);
    return { app, dataDir: path };
  }

  async function login(app: FastifyInstance): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'session.user', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response)!;
  }

  const me = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });

  it('survives a gateway restart: same DATA_DIR, new app, same cookie', async () => {
    // No SESSION_SECRET: the generated one is kept in DATA_DIR and found again.
    const first = await gateway();
    const cookie = await login(first.app);
    await first.app.close();
    const second = await gateway({}, {}, first.dataDir);
    const response = await me(second.app, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'session.user', roleGroup: 'compliance' });
  });

  it('keeps sessions in Redis when REDIS_URL is set', async () => {
    const prefix = `pop:test:${randomUUID()}:`;
    const redis = new Redis(REDIS_URL);
    try {
      const { app } = await gateway({ REDIS_URL }, { redisPrefix: prefix });
      const cookie = await login(app);
      const key = `${prefix}${sessionIdOf(cookie)}`;
      expect(await redis.exists(key)).toBe(1);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(SESSION_ABSOLUTE_MS - MINUTE);
      expect(ttl).toBeLessThanOrEqual(SESSION_ABSOLUTE_MS);
      expect((await me(app, cookie)).statusCode).toBe(200);
      const logout = await app.inject({ method: 'POST', url: '/bff/logout', headers: withSession(cookie) });
      expect(logout.statusCode).toBe(204);
      expect(await redis.exists(key)).toBe(0);
      expect((await me(app, cookie)).statusCode).toBe(401);
    } finally {
      await redis.quit();
    }
  });

  it('ends a session 2 hours after login however active it was', async () => {
    let now = Date.now();
    const { app } = await gateway({}, { now: () => now });
    const cookie = await login(app);
    for (let minutes = 30; minutes < 120; minutes += 30) {
      now += 30 * MINUTE;
      expect((await me(app, cookie)).statusCode).toBe(200);
    }
    now += 30 * MINUTE; // 120 minutes after login
    const expired = await me(app, cookie);
    expect(expired.statusCode).toBe(401);
    expect(await app.sessionRecords.get(sessionIdOf(cookie))).toBeUndefined();
    // Public routes still work for the now anonymous browser; the rest answers 401.
    const publicRoute = await app.inject({
      method: 'GET',
      url: '/api/system-message',
      headers: withSession(cookie),
    });
    expect(publicRoute.statusCode).toBe(200);
    expect(publicRoute.json<Echo>().headers.authorization).toBeUndefined();
  });

  it('ends a session after 120 minutes without a request', async () => {
    let now = Date.now();
    // A longer absolute limit, so that idleness alone decides (both are 2 h in the specs).
    const { app } = await gateway({}, { now: () => now, sessionLimits: { absoluteMs: 10 * 60 * MINUTE } });
    const cookie = await login(app);
    now += 119 * MINUTE;
    expect((await me(app, cookie)).statusCode).toBe(200);
    now += 119 * MINUTE;
    expect((await me(app, cookie)).statusCode).toBe(200);
    now += 121 * MINUTE;
    expect((await me(app, cookie)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) })).statusCode,
    ).toBe(401);
  });

  const bearerOf = async (app: FastifyInstance, cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) })).json<Echo>()
      .headers.authorization;

  it('refreshes the access token at 20 minutes and not before, once for concurrent requests', async () => {
    let now = Date.now();
    const { client, counter } = countingIdentity(identity);
    const { app } = await gateway({}, { now: () => now, identity: client });
    const cookie = await login(app);

    const original = await bearerOf(app, cookie);
    now += TOKEN_REFRESH_AFTER_MS - 1000; // 19:59
    expect(await bearerOf(app, cookie)).toBe(original);
    expect(counter.refreshes).toBe(0);

    now += 1000; // 20:00, and five requests at once
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) }),
      ),
    );
    expect(counter.refreshes).toBe(1);
    const bearers = new Set(answers.map((answer) => answer.json<Echo>().headers.authorization));
    expect(bearers.size).toBe(1);
    const [renewed] = [...bearers];
    expect(renewed).toMatch(/^Bearer /);
    expect(renewed).not.toBe(original);
    // The renewed token is the session's from now on, without another refresh until 20 minutes later.
    now += TOKEN_REFRESH_AFTER_MS - 1000;
    expect(await bearerOf(app, cookie)).toBe(renewed);
    expect(counter.refreshes).toBe(1);
    now += 1000;
    expect(await bearerOf(app, cookie)).not.toBe(renewed);
    expect(counter.refreshes).toBe(2);
  });

  it("with Jest's fake timers (the gateway's own clock, Date): refresh at 20:00, not at 19:59", async () => {
    // Only Date is faked: sockets, undici and the stores keep real timers. identity-api runs in this
    // process, so the tokens it issues and checks follow the same fake clock.
    jest.useFakeTimers(fakeDateOnly());
    try {
      const { client, counter } = countingIdentity(identity);
      const { app } = await gateway({}, { identity: client });
      const cookie = await login(app);
      const original = await bearerOf(app, cookie);

      jest.setSystemTime(Date.now() + TOKEN_REFRESH_AFTER_MS - 1000);
      expect(await bearerOf(app, cookie)).toBe(original);
      expect(counter.refreshes).toBe(0);

      jest.setSystemTime(Date.now() + 1000);
      const bearers = await Promise.all(Array.from({ length: 3 }, () => bearerOf(app, cookie)));
      expect(counter.refreshes).toBe(1);
      expect(new Set(bearers).size).toBe(1);
      expect(bearers[0]).not.toBe(original);
    } finally {
      jest.useRealTimers();
    }
  });

  it('never refreshes while the refresh-token setting is off: the session ends with its access token', async () => {
    let now = Date.now();
    const { client, counter } = countingIdentity(identity);
    const { app } = await gateway(
      {},
      { now: () => now, identity: client, refreshSetting: fixedRefreshSetting(false) },
    );
    const cookie = await login(app);
    const original = await bearerOf(app, cookie);
    // The test identity-api's access tokens live 30 minutes.
    now += 29 * MINUTE;
    expect(await bearerOf(app, cookie)).toBe(original);
    expect((await me(app, cookie)).statusCode).toBe(200);
    expect(counter.refreshes).toBe(0);

    now += MINUTE;
    const api = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
    expect(api.statusCode).toBe(401);
    expect(counter.refreshes).toBe(0);
    expect(await app.sessionRecords.get(sessionIdOf(cookie))).toBeUndefined();
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it("fetches cart-api's refresh-token setting at start, retrying until cart-api answers", async () => {
    const port = await freePort();
    const { app } = await gateway({ CART_API_URL: `http://127.0.0.1:${port}` });
    await app.ready();
    // cart-api is not up yet: refresh stays on, so sessions do not end with their first access token.
    expect(app.refreshSetting.enabled()).toBe(true);

    const cartApi = Fastify();
    cartApi.get('/system-message/config/refresh-token', async () => ({ enabled: false }));
    await cartApi.listen({ port, host: '127.0.0.1' });
    try {
      const deadline = Date.now() + 10_000;
      while (app.refreshSetting.enabled() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(app.refreshSetting.enabled()).toBe(false);
    } finally {
      await cartApi.close();
    }
  });

  /** An upstream whose /slow answers only when the test says so; everything else at once. */
  async function startSlowUpstream() {
    const upstream = Fastify();
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    upstream.get('/slow', async () => {
      arrived();
      await released;
      return { slow: true };
    });
    upstream.get('/order', async (request) => ({ authorization: request.headers.authorization }));
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const address = upstream.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return { url, slowArrived, release, close: () => upstream.close() };
  }

  /** Two gateway instances sharing one store (and, through DATA_DIR, one session secret). */
  async function twoInstances(storeName: string, upstreamUrl: string, now: () => number) {
    const shared = tempDir('race');
    dirs.push(shared);
    const redis = storeName === 'Redis';
    const extraEnv = { CART_API_URL: upstreamUrl, ...(redis ? { REDIS_URL } : {}) };
    const options: AppOptions = { now, ...(redis ? { redisPrefix: `pop:test:${randomUUID()}:` } : {}) };
    const one = await gateway(extraEnv, options, shared.path);
    const two = await gateway(extraEnv, options, shared.path);
    return [one.app, two.app] as const;
  }

  it.each(['SQLite', 'Redis'])(
    'keeps the newest tokens when a slow request ends after a refresh on another instance (%s)',
    async (storeName) => {
      const upstream = await startSlowUpstream();
      try {
        let now = Date.now();
        const [one, two] = await twoInstances(storeName, upstream.url, () => now);
        const cookie = await login(one);
        const bearer = async (app: FastifyInstance) => {
          const response = await app.inject({
            method: 'GET',
            url: '/api/order',
            headers: withSession(cookie),
          });
          expect(response.statusCode).toBe(200);
          return response.json<{ authorization: string }>().authorization;
        };
        const original = await bearer(one);

        // A: a long request whose session copy (lastSeenAt touched) still holds the first tokens.
        now += 2 * MINUTE;
        const slow = one.inject({ method: 'GET', url: '/api/slow', headers: withSession(cookie) });
        await upstream.slowArrived;
        // B: on the other instance, 20 minutes later, refreshes (the refresh token rotates).
        now += TOKEN_REFRESH_AFTER_MS;
        const renewed = await bearer(two);
        expect(renewed).not.toBe(original);
        // A ends and saves its stale copy.
        upstream.release();
        expect((await slow).statusCode).toBe(200);

        // The next request still finds the renewed tokens: no replay of the spent refresh token.
        now += MINUTE;
        expect(await bearer(one)).toBe(renewed);
        expect(await bearer(two)).toBe(renewed);
      } finally {
        await upstream.close();
      }
    },
  );

  it.each(['SQLite', 'Redis'])(
    'a request still in flight at logout does not bring the session back (%s)',
    async (storeName) => {
      const upstream = await startSlowUpstream();
      try {
        let now = Date.now();
        const [one, two] = await twoInstances(storeName, upstream.url, () => now);
        const cookie = await login(one);
        // A minute later every request touches lastSeenAt, so the slow one saves its session copy.
        now += 2 * MINUTE;
        const slow = one.inject({ method: 'GET', url: '/api/slow', headers: withSession(cookie) });
        await upstream.slowArrived;
        // Logout on the other instance while the slow request waits for its upstream.
        const logout = await two.inject({ method: 'POST', url: '/bff/logout', headers: withSession(cookie) });
        expect(logout.statusCode).toBe(204);
        upstream.release();
        expect((await slow).statusCode).toBe(200);

        // A replay of the old cookie finds no session, on either instance.
        expect(await one.sessionRecords.get(sessionIdOf(cookie))).toBeUndefined();
        for (const app of [one, two]) {
          const user = await me(app, cookie);
          expect(user.statusCode).toBe(401);
          expect(user.json()).toEqual({ message: GATEWAY_MESSAGES.notSignedIn });
          const api = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
          expect(api.statusCode).toBe(401);
        }
        // Login still gives a new, working session.
        const fresh = await login(one);
        expect(fresh).not.toBe(cookie);
        expect((await me(two, fresh)).statusCode).toBe(200);
      } finally {
        await upstream.close();
      }
    },
  );

  it('ends the session when the refresh is refused', async () => {
    let now = Date.now();
    const { app } = await gateway({}, { now: () => now });
    const cookie = await login(app);
    const stored = (await app.sessionRecords.get(sessionIdOf(cookie))) as {
      auth: { tokens: { refreshToken: string } };
    };
    // Revoked behind the gateway's back (an administrator, another device's logout...).
    await createIdentityClient({
      issuer: identity.issuer,
      clientId: identity.clientId,
      clientSecret: identity.clientSecret,
    }).revoke(stored.auth.tokens.refreshToken);
    now += TOKEN_REFRESH_AFTER_MS + MINUTE;
    const response = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: GATEWAY_MESSAGES.sessionExpired });
    expect(await app.sessionRecords.get(sessionIdOf(cookie))).toBeUndefined();
    expect((await me(app, cookie)).statusCode).toBe(401);
  });
});
