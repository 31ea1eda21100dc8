import { Redis } from 'ioredis';
import { keepNewestTokens, tokenAgeOf, type Clock, type SessionRecordStore } from './store.js';

/**
 * Writes ARGV[1] unless the stored record is the same sign-in (loginAt ARGV[2]) with newer tokens
 * (obtainedAt > ARGV[3]); then it writes nothing and answers the stored record. Atomic in Redis, so
 * it holds across gateway instances. Lua only reads the JSON: cjson would re-encode `[]` as `{}`.
 */
const SET_UNLESS_NEWER_TOKENS = `
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

type SetUnlessNewerTokens = (
  key: string,
  json: string,
  loginAt: string,
  obtainedAt: string,
  ttl: string,
) => Promise<string | null>;

/** Sessions in Redis under `${prefix}${id}`, each key expiring with its session (PX). */
export function createRedisSessionStore(
  redisUrl: string,
  prefix = 'pop:gateway:sess:',
  now: Clock = Date.now,
): SessionRecordStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; a command that fails while Redis is away rejects and the request
  // answers 500. The listener only keeps the connection's error events from being "unhandled".
  redis.on('error', () => {});
  redis.defineCommand('popSetUnlessNewerTokens', { numberOfKeys: 1, lua: SET_UNLESS_NEWER_TOKENS });
  const setUnlessNewerTokens = (
    redis as unknown as { popSetUnlessNewerTokens: SetUnlessNewerTokens }
  ).popSetUnlessNewerTokens.bind(redis);
  const key = (id: string) => `${prefix}${id}`;
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
        const stored = await setUnlessNewerTokens(
          key(id),
          JSON.stringify(record),
          age ? String(age.loginAt) : '',
          age ? String(age.obtainedAt) : '0',
          String(ttl),
        );
        if (stored === null) return;
        record = keepNewestTokens(JSON.parse(stored) as Record<string, unknown>, record);
      }
      throw new Error('session store: the session kept changing while it was saved');
    },
    async destroy(id) {
      await redis.del(key(id));
    },
    async close() {
      await redis.quit();
    },
  };
}
