import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import {
  createRedisSessionStore,
  createSqliteSessionStore,
  type SessionRecordStore,
} from '../src/plugins/app/session-stores/index.js';
import { tempDir } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const dir = tempDir('stores');
afterAll(() => dir.remove());

type OpenStore = (
  now: () => number,
  place?: string,
  tombstoneMs?: number,
  options?: { refreshLockMs?: number },
) => SessionRecordStore;

/** Every store, opened at a place (file or key prefix) that two stores may share, as two gateways do. */
const stores: [string, OpenStore][] = [
  [
    'SQLite',
    (now, place = randomUUID(), tombstoneMs, options) =>
      createSqliteSessionStore(join(dir.path, `${place}.sqlite`), now, tombstoneMs, options),
  ],
  [
    'Redis',
    (now, place = randomUUID(), tombstoneMs, options) =>
      createRedisSessionStore(REDIS_URL, `pop:test:${place}:`, now, tombstoneMs, options),
  ],
];

/** Asks until `check` holds: Redis expires keys by its own clock, whatever the store's clock says. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe.each(stores)('%s session store', (name, create) => {
  it('keeps, replaces and destroys a record', async () => {
    const store = create(Date.now);
    try {
      expect(await store.get('a')).toBeUndefined();
      await store.set('a', { auth: { user: 'one' } }, Date.now() + 60_000);
      expect(await store.get('a')).toEqual({ auth: { user: 'one' } });
      await store.set('a', { auth: { user: 'two' } }, Date.now() + 60_000);
      expect(await store.get('a')).toEqual({ auth: { user: 'two' } });
      await store.destroy('a');
      expect(await store.get('a')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('never returns a record past its expiry', async () => {
    // SQLite only knows the store's clock, which the test moves. Redis expires by its own (real)
    // clock: the record lives 2 s, far more than the few milliseconds from set() to the first get()
    // even on a loaded machine, and the test then waits (up to 10 s) until Redis has dropped it.
    const LIFETIME_MS = 2000;
    let now = Date.now();
    const store = create(() => now);
    try {
      await store.set('short', { n: 1 }, now + LIFETIME_MS);
      await store.set('gone', { n: 2 }, now - 1);
      expect(await store.get('short')).toEqual({ n: 1 });
      expect(await store.get('gone')).toBeUndefined();
      now += LIFETIME_MS;
      if (name === 'SQLite') expect(await store.get('short')).toBeUndefined();
      else expect(await eventually(async () => (await store.get('short')) === undefined)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('never writes a destroyed id back, also through another instance', async () => {
    const place = randomUUID();
    const one = create(Date.now, place);
    const two = create(Date.now, place);
    try {
      await one.set('s', { n: 1 }, Date.now() + 60_000);
      await two.set('other', { n: 2 }, Date.now() + 60_000);
      await two.destroy('s');
      // A request that loaded 's' before the logout ends and saves it, on either instance.
      await one.set('s', { n: 3 }, Date.now() + 60_000);
      await two.set('s', { n: 4 }, Date.now() + 60_000);
      expect(await one.get('s')).toBeUndefined();
      expect(await two.get('s')).toBeUndefined();
      // Other ids are untouched, and a new id (a login's regenerated session) is written as usual.
      expect(await one.get('other')).toEqual({ n: 2 });
      await one.set('new', { n: 5 }, Date.now() + 60_000);
      expect(await two.get('new')).toEqual({ n: 5 });
    } finally {
      await one.close();
      await two.close();
    }
  });
});

it('SQLite forgets a tombstone once any save of the destroyed session would be expired', async () => {
  let now = Date.now();
  const TOMBSTONE_MS = 60_000;
  const store = createSqliteSessionStore(join(dir.path, `${randomUUID()}.sqlite`), () => now, TOMBSTONE_MS);
  try {
    await store.destroy('s');
    now += TOMBSTONE_MS - 1;
    await store.set('s', { n: 1 }, now + 60_000);
    expect(await store.get('s')).toBeUndefined();
    now += 1;
    await store.set('s', { n: 2 }, now + 60_000);
    expect(await store.get('s')).toEqual({ n: 2 });
  } finally {
    await store.close();
  }
});

it('Redis keeps a tombstone for the absolute session lifetime', async () => {
  const prefix = `pop:test:${randomUUID()}:`;
  const TOMBSTONE_MS = 60_000;
  const store = createRedisSessionStore(REDIS_URL, prefix, Date.now, TOMBSTONE_MS);
  const redis = new Redis(REDIS_URL);
  try {
    await store.set('s', { n: 1 }, Date.now() + 60_000);
    await store.destroy('s');
    expect(await redis.exists(`${prefix}s`)).toBe(0);
    const ttl = await redis.pttl(`${prefix}destroyed:s`);
    expect(ttl).toBeGreaterThan(TOMBSTONE_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(TOMBSTONE_MS);
  } finally {
    await redis.quit();
    await store.close();
  }
});

/** A signed-in record as the session plugin writes it (only the fields the stores look at matter). */
function signedIn(loginAt: number, obtainedAt: number, lastSeenAt: number, fence?: number) {
  return {
    cookie: { path: '/' },
    auth: {
      user: { userId: 7, roles: [] },
      tokens: {
        accessToken: `access-${obtainedAt}`,
        refreshToken: `refresh-${obtainedAt}`,
        obtainedAt,
        ...(fence === undefined ? {} : { fence }),
      },
      loginAt,
      lastSeenAt,
    },
  };
}

describe.each(stores)('%s session store and token refreshes', (_name, create) => {
  it('never lets an older token set overwrite a newer one of the same sign-in', async () => {
    const store = create(Date.now);
    const expiresAt = Date.now() + 60_000;
    try {
      await store.set('s', signedIn(1000, 1000, 1000), expiresAt);
      // A refresh saves newer tokens...
      await store.set('s', signedIn(1000, 5000, 5000), expiresAt);
      // ...then a slow request that loaded the session before it saves its stale copy.
      await store.set('s', signedIn(1000, 1000, 2000), expiresAt);
      expect(await store.get('s')).toEqual({
        ...signedIn(1000, 1000, 2000),
        auth: { ...signedIn(1000, 1000, 2000).auth, tokens: signedIn(1000, 5000, 5000).auth.tokens },
      });
      // A newer refresh still replaces them, and so does a new sign-in (another loginAt).
      await store.set('s', signedIn(1000, 9000, 9000), expiresAt);
      expect(await store.get('s')).toEqual(signedIn(1000, 9000, 9000));
      await store.set('s', signedIn(2000, 2000, 2000), expiresAt);
      expect(await store.get('s')).toEqual(signedIn(2000, 2000, 2000));
    } finally {
      await store.close();
    }
  });
});

describe.each(stores)('%s session store: the refresh lock', (_name, create) => {
  it('lets one holder at a time refresh a session, across instances, and only the owner frees it', async () => {
    const place = randomUUID();
    const one = create(Date.now, place);
    const two = create(Date.now, place);
    try {
      const first = await one.lockRefresh('s');
      expect(first).toBeDefined();
      expect(await two.lockRefresh('s')).toBeUndefined();
      expect(await one.lockRefresh('s')).toBeUndefined();
      // Another session has a lock of its own.
      const other = await two.lockRefresh('t');
      expect(other).toBeDefined();
      await first!.release();
      const second = await two.lockRefresh('s');
      expect(second!.fence).toBeGreaterThan(first!.fence);
      // A second release by the first holder frees nothing of the second's.
      await first!.release();
      expect(await one.lockRefresh('s')).toBeUndefined();
      await second!.release();
      await other!.release();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("refuses the tokens of a holder whose lock lapsed (older fence) over its successor's", async () => {
    const LOCK_MS = 200;
    let now = Date.now();
    const place = randomUUID();
    const one = create(() => now, place, undefined, { refreshLockMs: LOCK_MS });
    const two = create(() => now, place, undefined, { refreshLockMs: LOCK_MS });
    const expiresAt = now + 60_000;
    try {
      await one.set('s', signedIn(1000, 1000, 1000), expiresAt);
      const paused = await one.lockRefresh('s');
      expect(paused).toBeDefined();
      // The holder pauses past its lock: SQLite by the store's clock, Redis by its own (PX).
      now += LOCK_MS;
      let successor: Awaited<ReturnType<SessionRecordStore['lockRefresh']>>;
      expect(await eventually(async () => (successor = await two.lockRefresh('s')) !== undefined)).toBe(true);
      expect(successor!.fence).toBeGreaterThan(paused!.fence);
      await two.set('s', signedIn(1000, 5000, 5000, successor!.fence), expiresAt);
      // The paused holder wakes and saves tokens it got later by its clock, under its old fence.
      await one.set('s', signedIn(1000, 9000, 9000, paused!.fence), expiresAt);
      const stored = (await two.get('s')) as ReturnType<typeof signedIn>;
      expect(stored.auth.tokens).toEqual(signedIn(1000, 5000, 5000, successor!.fence).auth.tokens);
      // The rest of its save is taken (the fence guards the tokens only).
      expect(stored.auth.lastSeenAt).toBe(9000);
      // Its release leaves the successor's lock alone.
      await paused!.release();
      expect(await one.lockRefresh('s')).toBeUndefined();
      await successor!.release();
      // And the next refresh (a higher fence) replaces the successor's tokens, whatever the clock says.
      const next = await one.lockRefresh('s');
      await one.set('s', signedIn(1000, 4000, 9500, next!.fence), expiresAt);
      expect(((await two.get('s')) as ReturnType<typeof signedIn>).auth.tokens.obtainedAt).toBe(4000);
      await next!.release();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
