import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { SESSION_ABSOLUTE_MS } from 'shared-domain';
import {
  keepNewestTokens,
  REFRESH_LOCK_MS,
  tokenAgeOf,
  type Clock,
  type SessionRecordStore,
} from './store.js';

/**
 * Writes ARGV[1] to KEYS[1] unless KEYS[2] (the id's tombstone) exists: then it writes nothing and
 * answers 0. It also writes nothing when the stored record is the same sign-in (loginAt ARGV[2])
 * with newer tokens (store.ts isNewer: a higher fence than ARGV[5], or the same fence and obtainedAt
 * > ARGV[3]), and answers the stored record. Atomic in Redis, so it holds across gateway instances,
 * and a lock holder whose lock lapsed cannot overwrite its successor's tokens. Lua only reads the
 * JSON: cjson would re-encode `[]` as `{}`.
 */
const SET_UNLESS_DESTROYED_OR_NEWER_TOKENS = `
if redis.call('EXISTS', KEYS[2]) == 1 then
  return 0
end
local raw = redis.call('GET', KEYS[1])
if raw and ARGV[2] ~= '' then
  local ok, stored = pcall(cjson.decode, raw)
  if ok and type(stored) == 'table' and type(stored.auth) == 'table' and type(stored.auth.tokens) == 'table'
    and tostring(stored.auth.loginAt) == tostring(tonumber(ARGV[2]))
    and tonumber(stored.auth.tokens.obtainedAt) then
    local storedFence = tonumber(stored.auth.tokens.fence) or 0
    local fence = tonumber(ARGV[5])
    local storedObtainedAt = tonumber(stored.auth.tokens.obtainedAt)
    if storedFence > fence or (storedFence == fence and storedObtainedAt > tonumber(ARGV[3])) then
      return raw
    end
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
return false
`;

/**
 * Takes the refresh lock KEYS[1] for owner ARGV[1] for ARGV[2] ms if nobody holds it, and then
 * answers the next fencing token of the session (KEYS[2], kept ARGV[3] ms: the session's lifetime);
 * answers 0 when the lock is held. One script, so no holder ever has a lock without its fence.
 */
const LOCK_REFRESH = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 0
end
local fence = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return fence
`;

/** Deletes the lock KEYS[1] only while owner ARGV[1] holds it: a lapsed holder frees nobody else's. */
const UNLOCK_REFRESH = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/** Deletes the record KEYS[1] and leaves the tombstone KEYS[2] for ARGV[1] ms, in one step. */
const DESTROY = `
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[1])
return 1
`;

type SetUnlessDestroyedOrNewerTokens = (
  key: string,
  tombstoneKey: string,
  json: string,
  loginAt: string,
  obtainedAt: string,
  ttl: string,
  fence: string,
) => Promise<string | number | null>;

type Destroy = (key: string, tombstoneKey: string, tombstoneMs: string) => Promise<number>;
type LockRefresh = (
  lockKey: string,
  fenceKey: string,
  owner: string,
  ttl: string,
  keep: string,
) => Promise<number>;
type UnlockRefresh = (lockKey: string, owner: string) => Promise<number>;

export interface RedisSessionStoreOptions {
  /** How long a refresh lock lasts unreleased (REFRESH_LOCK_MS). */
  refreshLockMs?: number;
}

/**
 * Sessions in Redis under `${prefix}${id}`, each key expiring with its session (PX). A destroyed id
 * leaves a tombstone `${prefix}destroyed:${id}` (ids never hold a colon) for `tombstoneMs`. A token
 * refresh is locked by `${prefix}refresh-lock:${id}` (its holder's random owner id, PX the lock's
 * time) and fenced by the counter `${prefix}refresh-fence:${id}` (kept as long as a tombstone).
 */
export function createRedisSessionStore(
  redisUrl: string,
  prefix = 'pop:gateway:sess:',
  now: Clock = Date.now,
  tombstoneMs: number = SESSION_ABSOLUTE_MS,
  { refreshLockMs = REFRESH_LOCK_MS }: RedisSessionStoreOptions = {},
): SessionRecordStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; a command that fails while Redis is away rejects and the request
  // answers 500. The listener only keeps the connection's error events from being "unhandled".
  redis.on('error', () => {});
  redis.defineCommand('popSetSession', { numberOfKeys: 2, lua: SET_UNLESS_DESTROYED_OR_NEWER_TOKENS });
  redis.defineCommand('popDestroySession', { numberOfKeys: 2, lua: DESTROY });
  redis.defineCommand('popLockRefresh', { numberOfKeys: 2, lua: LOCK_REFRESH });
  redis.defineCommand('popUnlockRefresh', { numberOfKeys: 1, lua: UNLOCK_REFRESH });
  const commands = redis as unknown as {
    popSetSession: SetUnlessDestroyedOrNewerTokens;
    popDestroySession: Destroy;
    popLockRefresh: LockRefresh;
    popUnlockRefresh: UnlockRefresh;
  };
  const setSession = commands.popSetSession.bind(redis);
  const destroySession = commands.popDestroySession.bind(redis);
  const lockRefresh = commands.popLockRefresh.bind(redis);
  const unlockRefresh = commands.popUnlockRefresh.bind(redis);
  const key = (id: string) => `${prefix}${id}`;
  const tombstone = (id: string) => `${prefix}destroyed:${id}`;
  const lockKey = (id: string) => `${prefix}refresh-lock:${id}`;
  const fenceKey = (id: string) => `${prefix}refresh-fence:${id}`;
  // Tombstones and fence counters outlive any save of the session (its login + the absolute lifetime).
  const keepMs = String(Math.max(1, Math.ceil(tombstoneMs)));
  return {
    refreshLockMs,
    async get(id) {
      const raw = await redis.get(key(id));
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    },
    async set(id, data, expiresAt) {
      const ttl = expiresAt - now();
      if (ttl <= 0) {
        await redis.del(key(id));
        return;
      }
      let record = data;
      // Each round adopts the stored (newer) tokens; it ends once nothing newer landed in between.
      for (let round = 0; round < 10; round++) {
        const age = tokenAgeOf(record);
        const stored = await setSession(
          key(id),
          tombstone(id),
          JSON.stringify(record),
          age ? String(age.loginAt) : '',
          age ? String(age.obtainedAt) : '0',
          String(ttl),
          age ? String(age.fence) : '0',
        );
        // Written, or refused for good: a request still in flight must not revive a destroyed session.
        if (typeof stored !== 'string') return;
        record = keepNewestTokens(JSON.parse(stored) as Record<string, unknown>, record);
      }
      throw new Error('session store: the session kept changing while it was saved');
    },
    async destroy(id) {
      await destroySession(key(id), tombstone(id), keepMs);
    },
    async lockRefresh(id) {
      const owner = randomUUID();
      const fence = await lockRefresh(lockKey(id), fenceKey(id), owner, String(refreshLockMs), keepMs);
      if (!fence) return undefined;
      return {
        fence,
        release: async () => {
          await unlockRefresh(lockKey(id), owner);
        },
      };
    },
    async close() {
      await redis.quit();
    },
  };
}
