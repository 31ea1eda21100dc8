import { Redis } from 'ioredis';
import type { Clock, SessionRecordStore } from './store.js';

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
      await redis.set(key(id), JSON.stringify(data), 'PX', ttl);
    },
    async destroy(id) {
      await redis.del(key(id));
    },
    async close() {
      await redis.quit();
    },
  };
}
