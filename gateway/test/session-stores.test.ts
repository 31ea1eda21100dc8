import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  createRedisSessionStore,
  createSqliteSessionStore,
  type SessionRecordStore,
} from '../src/plugins/app/session-stores/index.js';
import { tempDir } from './helpers.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const dir = tempDir('stores');
afterAll(() => dir.remove());

const stores: [string, (now: () => number) => SessionRecordStore][] = [
  ['SQLite', (now) => createSqliteSessionStore(join(dir.path, `${randomUUID()}.sqlite`), now)],
  ['Redis', (now) => createRedisSessionStore(REDIS_URL, `pop:test:${randomUUID()}:`, now)],
];

describe.each(stores)('%s session store', (_name, create) => {
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
    let now = Date.now();
    const store = create(() => now);
    try {
      await store.set('short', { n: 1 }, now + 150);
      await store.set('gone', { n: 2 }, now - 1);
      expect(await store.get('short')).toEqual({ n: 1 });
      expect(await store.get('gone')).toBeUndefined();
      now += 200;
      await new Promise((resolve) => setTimeout(resolve, 200)); // Redis expires by its own clock
      expect(await store.get('short')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

/** A signed-in record as the session plugin writes it (only the fields the stores look at matter). */
function signedIn(loginAt: number, obtainedAt: number, lastSeenAt: number) {
  return {
    cookie: { path: '/' },
    auth: {
      user: { userId: 7, roles: [] },
      tokens: { accessToken: `access-${obtainedAt}`, refreshToken: `refresh-${obtainedAt}`, obtainedAt },
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
