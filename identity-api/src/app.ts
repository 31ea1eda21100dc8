import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import dbPlugin from './plugins/app/db.js';
import errorsPlugin from './plugins/app/errors.js';
import oidcPlugin from './plugins/app/oidc.js';
import healthzRoutes from './routes/healthz/index.js';

/** Composes the service; starts nothing (see server.ts). */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // The gateway carries one request id end to end.
    requestIdHeader: 'x-request-id',
    trustProxy: true,
  });
  await app.register(errorsPlugin, { production: config.production });
  await app.register(dbPlugin, { config });
  await app.register(oidcPlugin, { config });
  await app.register(healthzRoutes);
  return app;
}
