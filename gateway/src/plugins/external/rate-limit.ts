import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

export interface RateLimitPluginOptions {
  /** Counters live in Redis when set (shared by every gateway instance), otherwise in memory. */
  redisUrl: string | undefined;
  /** Key prefix of the Redis counters. */
  nameSpace: string;
}

/**
 * @fastify/rate-limit with per-route limiters only (`global: false`): the sign-in routes build theirs
 * with `app.createRateLimit` (plugins/app/sign-in-throttle.ts). With REDIS_URL the counters are shared
 * across instances, so adding instances does not multiply an attacker's budget.
 */
async function rateLimitPlugin(app: FastifyInstance, options: RateLimitPluginOptions) {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
    // A command that fails while Redis is away rejects (the request answers 500); this only keeps
    // connection errors from being "unhandled".
    redis.on('error', () => {});
    app.addHook('onClose', async () => {
      await redis!.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.nameSpace } : {}),
  });
}

export default fp(rateLimitPlugin, { name: 'gateway-rate-limit' });
