import { join } from 'node:path';
import type { GatewayConfig } from '../../../config.js';
import { createRedisSessionStore } from './redis.js';
import { createSqliteSessionStore } from './sqlite.js';
import type { Clock, SessionRecordStore } from './store.js';

export { REFRESH_LOCK_MS, type Clock, type RefreshLock, type SessionRecordStore } from './store.js';
export { createRedisSessionStore } from './redis.js';
export { createSqliteSessionStore } from './sqlite.js';

export function createSessionStore(
  config: Pick<GatewayConfig, 'redisUrl' | 'dataDir'>,
  now: Clock,
  redisPrefix?: string,
  /** How long a destroyed id stays refused: the absolute session lifetime. */
  tombstoneMs?: number,
): SessionRecordStore {
  return config.redisUrl
    ? createRedisSessionStore(config.redisUrl, redisPrefix, now, tombstoneMs)
    : createSqliteSessionStore(join(config.dataDir, 'gateway-sessions.sqlite'), now, tombstoneMs);
}
