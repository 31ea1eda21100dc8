import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GATEWAY_MESSAGES } from '../../messages.js';

/**
 * Per-route limits only (the login route sets its own), keyed by client address, counted in memory
 * per gateway instance. The answer never says whether the account exists.
 */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => Object.assign(new Error(GATEWAY_MESSAGES.tooManyLogins), { statusCode: 429 }),
  });
}

export default fp(rateLimitPlugin, { name: 'gateway-rate-limit' });
