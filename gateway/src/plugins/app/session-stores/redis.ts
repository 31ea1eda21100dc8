import { Redis } from 'ioredis';
import { SESSION_ABSOLUTE_MS } from 'shared-domain';
import { keepNewestTokens, tokenAgeOf, type Clock, type SessionRecordStore } from './store.js';

/**
 * Writes ARGV[1] to KEYS[1] unless KEYS[2] (the id's tombstone) exists: then it writes nothing and
 * answers 0. It also writes nothing when the stored record is the same sign-in (loginAt ARGV[2])
 * with newer tokens (obtainedAt > ARGV[3]), and answers the stored record. Atomic in Redis, so it
 * holds across gateway instances. Lua only reads the JSON: cjson would re-encode `[]` as `{}`.
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
    and tonumber(stored.auth.tokens.obtainedAt) and tonumber(stored.auth.tokens.obtainedAt) > tonumber(ARGV[3]) then
    return raw
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
return false
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
) => Promise<string | number | null>;

type Destroy = (key: string, tombstoneKey: string, tombstoneMs: string) => Promise<number>;

/**
 * Sessions in Redis under `${prefix}${id}`, each key expiring with its session (PX). A destroyed id
 * leaves a tombstone `${prefix}destroyed:${id}` (ids never hold a colon) for `tombstoneMs`.
 */
export function createRedisSessionStore(
  redisUrl: string,
  prefix = 'pop:gateway:sess:',
  now: Clock = Date.now,
  tombstoneMs: number = SESSION_ABSOLUTE_MS,
): SessionRecordStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; a command that fails while Redis is away rejects and the request
  // answers 500. The listener only keeps the connection's error events from being "unhandled".
  redis.on('error', () => {});
  redis.defineCommand('popSetSession', { numberOfKeys: 2, lua: SET_UNLESS_DESTROYED_OR_NEWER_TOKENS });
  redis.defineCommand('popDestroySession', { numberOfKeys: 2, lua: DESTROY });
  const commands = redis as unknown as {
    popSetSession: SetUnlessDestroyedOrNewerTokens;
    popDestroySession: Destroy;
  };
  const setSession = commands.popSetSession.bind(redis);
  const destroySession = commands.popDestroySession.bind(redis);
  const key = (id: string) => `${prefix}${id}`;
  const tombstone = (id: string) => `${prefix}destroyed:${id}`;
  return {
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
        );
        // Written, or refused for good: a request still in flight must not revive a destroyed session.
        if (typeof stored !== 'string') return;
        record = keepNewestTokens(JSON.parse(stored) as Record<string, unknown>, record);
      }
      throw new Error('session store: the session kept changing while it was saved');
    },
    async destroy(id) {
      await destroySession(key(id), tombstone(id), String(Math.max(1, Math.ceil(tombstoneMs))));
    },
    async close() {
      await redis.quit();
    },
  };
}
