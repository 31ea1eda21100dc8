import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { freePort, startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { SESSION_ABSOLUTE_MS, TOKEN_REFRESH_AFTER_MS } from 'shared-domain';
import { buildApp, type AppOptions } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import {
  createIdentityClient,
  IdentityUnavailable,
  type IdentityClient,
} from '../../src/plugins/app/identity-client.js';
import {
  createRedisSessionStore,
  createSqliteSessionStore,
  REFRESH_LOCK_MS,
  type SessionRecordStore,
} from '../../src/plugins/app/session-stores/index.js';
import {
  CSRF,
  eventually,
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
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Requests each gateway instance gets at the same instant. */
const PER_INSTANCE = 8;

type StoreName = 'SQLite' | 'Redis';

describe('token refresh across gateway instances (refresh lock with a fencing token)', () => {
  let identity: TestIdentityApi;
  let cart: EchoServer;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'refresh.user', password: PASSWORD, roles: ['compliance'] }],
    });
    cart = await startEcho('cart');
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await cart?.close();
    await identity?.close();
  });

  /**
   * A shared place for sessions as gateways on several machines (Redis, a prefix of this run) or
   * processes of one machine (one SQLite file) have it, and one clock the test moves.
   */
  function sharedPlace(storeName: StoreName) {
    const data = tempDir('refresh-lock');
    cleanups.push(() => data.remove());
    const clock = { now: Date.now() };
    const redisPrefix = `pop:test:${randomUUID()}:`;
    const openStore = (refreshLockMs?: number): SessionRecordStore =>
      storeName === 'Redis'
        ? createRedisSessionStore(REDIS_URL, redisPrefix, () => clock.now, SESSION_ABSOLUTE_MS, {
            refreshLockMs,
          })
        : createSqliteSessionStore(
            join(data.path, 'gateway-sessions.sqlite'),
            () => clock.now,
            SESSION_ABSOLUTE_MS,
            {
              refreshLockMs,
            },
          );
    return { dataDir: data.path, clock, redisPrefix, openStore };
  }

  /** A gateway instance on the shared place (same DATA_DIR, so the same session secret). */
  async function gatewayOn(
    place: ReturnType<typeof sharedPlace>,
    storeName: StoreName,
    client: IdentityClient,
    options: AppOptions = {},
  ): Promise<FastifyInstance> {
    const env = {
      DATA_DIR: place.dataDir,
      ...identityEnv(identity, { accounts: cart.url, cart: cart.url }),
      ...(storeName === 'Redis' ? { REDIS_URL } : {}),
    };
    const app = await buildApp(testConfig(env), {
      now: () => place.clock.now,
      identity: client,
      ...(storeName === 'Redis' ? { redisPrefix: place.redisPrefix } : {}),
      ...options,
    });
    cleanups.push(() => app.close());
    return app;
  }

  /** The session's refresh lock lapses now (Redis: its PX ends; SQLite: by the store's clock). */
  async function lapseLock(place: ReturnType<typeof sharedPlace>, storeName: StoreName, sessionId: string) {
    if (storeName === 'SQLite') {
      place.clock.now += REFRESH_LOCK_MS;
      return;
    }
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.pexpire(`${place.redisPrefix}refresh-lock:${sessionId}`, 1)).toBe(1);
      await eventually(async () =>
        expect(await redis.exists(`${place.redisPrefix}refresh-lock:${sessionId}`)).toBe(0),
      );
    } finally {
      await redis.quit();
    }
  }

  async function login(app: FastifyInstance): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'refresh.user', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response)!;
  }

  const order = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });

  /** The bearer each answer's upstream call carried; every answer must be a 200. */
  function bearersOf(answers: LightMyRequestResponse[]): string[] {
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    return answers.map((answer) => answer.json<Echo>().headers.authorization as string);
  }

  /** `PER_INSTANCE` requests through each app, started together and interleaved. */
  function atOnce(apps: FastifyInstance[], cookie: string) {
    return Promise.all(
      Array.from({ length: PER_INSTANCE }, () => apps.map((app) => order(app, cookie))).flat(),
    );
  }

  it.each<StoreName>(['Redis', 'SQLite'])(
    'two gateways refreshing one session at the same instant send one refresh grant and keep the session (%s)',
    async (storeName) => {
      const place = sharedPlace(storeName);
      const { client, counter } = countingIdentity(identity);
      const one = await gatewayOn(place, storeName, client);
      const two = await gatewayOn(place, storeName, client);
      const cookie = await login(one);
      const [original] = bearersOf([await order(two, cookie)]);

      place.clock.now += TOKEN_REFRESH_AFTER_MS;
      const renewed = new Set(bearersOf(await atOnce([one, two], cookie)));
      // One grant for both instances: a second with the same (rotated) refresh token would be reuse.
      expect(counter.refreshes).toBe(1);
      expect(renewed.size).toBe(1);
      const [token] = [...renewed];
      expect(token).toMatch(/^Bearer /);
      expect(token).not.toBe(original);

      // Still signed in on both, with the renewed token and no further grant.
      for (const app of [one, two]) {
        const user = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
        expect(user.statusCode).toBe(200);
        expect(bearersOf([await order(app, cookie)])).toEqual([token]);
      }
      expect(counter.refreshes).toBe(1);

      // The next refresh works (identity-api saw no reuse), again once for both.
      place.clock.now += TOKEN_REFRESH_AFTER_MS;
      const later = new Set(bearersOf(await atOnce([two, one], cookie)));
      expect(counter.refreshes).toBe(2);
      expect(later.size).toBe(1);
      expect([...later][0]).not.toBe(token);
    },
  );

  it.each<StoreName>(['Redis', 'SQLite'])(
    'a waiter takes the lock over when its holder died without saving tokens (%s)',
    async (storeName) => {
      const place = sharedPlace(storeName);
      const { client, counter } = countingIdentity(identity);
      // The gateway's store, seen through the lock attempts it makes.
      const store = place.openStore();
      const attempts = { count: 0 };
      const observed: SessionRecordStore = {
        ...store,
        lockRefresh: (id) => {
          attempts.count += 1;
          return store.lockRefresh(id);
        },
      };
      const app = await gatewayOn(place, storeName, client, { sessionStore: observed });
      const cookie = await login(app);
      const [original] = bearersOf([await order(app, cookie)]);

      place.clock.now += TOKEN_REFRESH_AFTER_MS;
      // Another instance took the session's refresh lock and died: it never saves, never releases.
      const dead = place.openStore();
      cleanups.push(() => dead.close());
      const sessionId = sessionIdOf(cookie);
      expect(await dead.lockRefresh(sessionId)).toBeDefined();

      const answer = order(app, cookie);
      // It waits: the lock is tried again and again, and identity-api is not called.
      await eventually(async () => expect(attempts.count).toBeGreaterThanOrEqual(3));
      expect(counter.refreshes).toBe(0);

      // The dead holder's lock lapses (Redis: PX ends; SQLite: by the store's clock).
      await lapseLock(place, storeName, sessionId);
      const [renewed] = bearersOf([await answer]);
      expect(renewed).not.toBe(original);
      expect(counter.refreshes).toBe(1);
      // The session goes on with the new tokens.
      expect(bearersOf([await order(app, cookie)])).toEqual([renewed]);
      expect(counter.refreshes).toBe(1);
    },
  );

  it('answers 502 and keeps the session when Redis cannot be asked for the lock', async () => {
    const place = sharedPlace('Redis');
    const { client, counter } = countingIdentity(identity);
    const store = place.openStore();
    // A Redis that is not there: nothing listens on the port.
    const away = createRedisSessionStore(`redis://127.0.0.1:${await freePort()}`, place.redisPrefix);
    cleanups.push(() => away.close());
    const app = await gatewayOn(place, 'Redis', client, {
      sessionStore: { ...store, lockRefresh: (id) => away.lockRefresh(id) },
    });
    const cookie = await login(app);

    place.clock.now += TOKEN_REFRESH_AFTER_MS;
    const answer = await order(app, cookie);
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ message: GATEWAY_MESSAGES.unreachable });
    expect(counter.refreshes).toBe(0);
    // Signed in still: the session and its tokens are kept for the next try.
    expect(await store.get(sessionIdOf(cookie))).toBeDefined();
    const user = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
    expect(user.statusCode).toBe(200);
  });
  it('the identity client sends no refresh grant once its signal has aborted', async () => {
    const real = createIdentityClient({
      issuer: identity.issuer,
      clientId: identity.clientId,
      clientSecret: identity.clientSecret,
    });
    const { refreshToken } = await real.passwordGrant('refresh.user', PASSWORD);
    const aborted = AbortSignal.abort(new Error('the refresh lock is about to lapse'));
    await expect(real.refreshGrant(refreshToken!, { signal: aborted })).rejects.toBeInstanceOf(
      IdentityUnavailable,
    );
    // Nothing reached identity-api: the refresh token is not spent (a replay would have been reuse).
    const renewed = await real.refreshGrant(refreshToken!);
    expect(renewed.accessToken).toBeTruthy();
    expect(renewed.refreshToken).not.toBe(refreshToken);
  });

  it('a holder abandons a grant identity-api is slow to take before its lock lapses, so the instance that takes over sends the only grant (Redis)', async () => {
    // Short for the test; the holder gives up on its grant a third of it (at most 5 s) before it lapses.
    const lockMs = 3_000;
    const place = sharedPlace('Redis');
    const { client: fast, counter } = countingIdentity(identity);
    const redis = new Redis(REDIS_URL);
    cleanups.push(async () => void (await redis.quit()));
    const session = { id: '' };
    const signals: (AbortSignal | undefined)[] = [];
    // identity-api takes gateway one's first refresh grant only once the refresh lock has lapsed
    // (as if each of the two calls of a refresh took nearly the client's 10 s), unless it was abandoned.
    const slow: IdentityClient = {
      ...fast,
      refreshGrant(token, options) {
        if (signals.length > 0) return fast.refreshGrant(token, options);
        const signal = options?.signal;
        signals.push(signal);
        return new Promise((resolve, reject) => {
          let abandoned = false;
          signal?.addEventListener(
            'abort',
            () => {
              abandoned = true;
              reject(new IdentityUnavailable('refresh grant abandoned', { cause: signal.reason }));
            },
            { once: true },
          );
          void (async () => {
            const lockKey = `${place.redisPrefix}refresh-lock:${session.id}`;
            while (!abandoned && (await redis.exists(lockKey)) === 1) {
              await new Promise((wake) => setTimeout(wake, 25));
            }
            if (!abandoned) fast.refreshGrant(token, options).then(resolve, reject);
          })();
        });
      },
    };
    const one = await gatewayOn(place, 'Redis', slow, { sessionStore: place.openStore(lockMs) });
    const two = await gatewayOn(place, 'Redis', fast, { sessionStore: place.openStore(lockMs) });
    const cookie = await login(one);
    session.id = sessionIdOf(cookie);
    const [original] = bearersOf([await order(one, cookie)]);

    place.clock.now += TOKEN_REFRESH_AFTER_MS;
    // Gateway one takes the lock and is in its grant; gateway two then waits for the lock.
    const first = order(one, cookie);
    await eventually(async () => expect(signals).toHaveLength(1));
    const second = order(two, cookie);
    const [abandoned, tookOver] = await Promise.all([first, second]);

    // One was abandoned before it was sent (a 502, the session kept); two refreshed once, alone.
    expect(signals[0]?.aborted).toBe(true);
    expect(abandoned.statusCode).toBe(502);
    const [renewed] = bearersOf([tookOver]);
    expect(renewed).not.toBe(original);
    expect(counter.refreshes).toBe(1);
    for (const app of [one, two]) expect(bearersOf([await order(app, cookie)])).toEqual([renewed]);

    // identity-api saw no reuse: the next refresh works.
    place.clock.now += TOKEN_REFRESH_AFTER_MS;
    const [later] = bearersOf([await order(one, cookie)]);
    expect(later).not.toBe(renewed);
    expect(counter.refreshes).toBe(2);
  });

  it.each<StoreName>(['Redis', 'SQLite'])(
    'answers with the refreshed tokens when saving them fails once, keeps the lock to lapse and saves them next (%s)',
    async (storeName) => {
      const place = sharedPlace(storeName);
      const { client, counter } = countingIdentity(identity);
      const store = place.openStore();
      const failing = { saves: 0 };
      const lockAttempts = { count: 0 };
      // Holds the next read (a request loading its session) until `release` is called.
      let holdNextGet: { reached: () => void; gate: Promise<void> } | undefined;
      const flaky: SessionRecordStore = {
        ...store,
        async get(id) {
          const record = await store.get(id);
          const hold = holdNextGet;
          holdNextGet = undefined;
          if (hold) {
            hold.reached();
            await hold.gate;
          }
          return record;
        },
        set(id, data, expiresAt) {
          if (failing.saves > 0) {
            failing.saves -= 1;
            return Promise.reject(new Error('session store write failed'));
          }
          return store.set(id, data, expiresAt);
        },
        lockRefresh(id) {
          lockAttempts.count += 1;
          return store.lockRefresh(id);
        },
      };
      const one = await gatewayOn(place, storeName, client, { sessionStore: flaky });
      const two = await gatewayOn(place, storeName, client);
      const cookie = await login(one);
      const sessionId = sessionIdOf(cookie);
      const [original] = bearersOf([await order(one, cookie)]);

      place.clock.now += TOKEN_REFRESH_AFTER_MS;
      // A request of gateway one that loads the session (old tokens) before the refresh below ends.
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        holdNextGet = { reached: resolve, gate: new Promise<void>((open) => (release = open)) };
      });
      const late = order(one, cookie);
      await reached;

      // The grant succeeds, its save fails: the request is answered with the new tokens anyway.
      failing.saves = 1;
      const [renewed] = bearersOf([await order(one, cookie)]);
      expect(failing.saves).toBe(0);
      expect(renewed).not.toBe(original);
      expect(counter.refreshes).toBe(1);
      // The lock is kept until it lapses: another instance would wait, not replay the spent token.
      const other = place.openStore();
      cleanups.push(() => other.close());
      expect(await other.lockRefresh(sessionId)).toBeUndefined();

      // The late request uses this process's refresh: no lock asked for, no grant.
      const attempts = lockAttempts.count;
      release();
      expect(bearersOf([await late])).toEqual([renewed]);
      expect(lockAttempts.count).toBe(attempts);
      expect(counter.refreshes).toBe(1);
      // Saved: both gateways go on with the new tokens.
      for (const app of [one, two]) expect(bearersOf([await order(app, cookie)])).toEqual([renewed]);
      expect(counter.refreshes).toBe(1);

      // Once the lock lapsed, the next refresh uses the rotated refresh token: identity-api saw no reuse.
      await lapseLock(place, storeName, sessionId);
      place.clock.now += TOKEN_REFRESH_AFTER_MS;
      const [later] = bearersOf([await order(two, cookie)]);
      expect(later).not.toBe(renewed);
      expect(counter.refreshes).toBe(2);
      expect(bearersOf([await order(one, cookie)])).toEqual([later]);
    },
  );
});
