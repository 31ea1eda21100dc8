import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { serializeRequest } from './logging.js';
import backgroundPlugin from './plugins/app/background.js';
import dbPlugin from './plugins/app/db.js';
import errorsPlugin from './plugins/app/errors.js';
import mailerPlugin from './plugins/app/mailer.js';
import oidcPlugin from './plugins/app/oidc.js';
import healthzRoutes from './routes/healthz/index.js';
import accountRoutes from './routes/index.js';
import { fastifyTrustProxy } from 'shared-domain/server';

/** Composes the service; starts nothing (see server.ts). `logStream` replaces stdout (for tests). */
export async function buildApp(
  config: Config,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Request URLs can carry one-time tokens (query or `user/:userId/token/:token`): never log them.
      serializers: { req: serializeRequest },
      ...(options.logStream && { stream: options.logStream }),
    },
    // The gateway carries one request id end to end.
    requestIdHeader: 'x-request-id',
    // The sign-in page limits per client address: X-Forwarded-For counts only from configured proxies.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  await app.register(errorsPlugin, { production: config.production });
  await app.register(dbPlugin, { config });
  await app.register(oidcPlugin, { config });
  await app.register(healthzRoutes);
  // After db: background work (e-mails) finishes before the database closes.
  await app.register(mailerPlugin, { config });
  await app.register(backgroundPlugin);
  await app.register(accountRoutes, { config });
  return app;
}
