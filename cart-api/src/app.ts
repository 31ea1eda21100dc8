import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import authentication from './plugins/app/authentication.js';
import authorization from './plugins/app/authorization.js';
import db from './plugins/app/db.js';
import errors from './plugins/app/errors.js';
import actionItem from './routes/action-item/index.js';
import client from './routes/client/index.js';
import epopDocument from './routes/epop-document/index.js';
import health from './routes/health/index.js';
import order from './routes/order/index.js';
import pageView from './routes/page-view/index.js';
import product from './routes/product/index.js';
import shoppingCart from './routes/shopping-cart/index.js';
import strategicPartner from './routes/strategic-partner/index.js';
import systemMessage from './routes/system-message/index.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Composes cart-api: error format, database, authentication, authorization, then the routes. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // The gateway passes its request id on, so one request can be followed across services.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    ajv: { customOptions: { allErrors: true } },
  });

  await app.register(errors, { exposeStackTraces: config.exposeStackTraces });
  await app.register(db, { databaseUrl: config.databaseUrl });
  await app.register(authentication, { issuer: config.identityIssuer, audience: config.accessTokenAudience });
  await app.register(authorization);

  await app.register(health);
  await app.register(systemMessage, { prefix: '/system-message' });
  await app.register(product, { prefix: '/product' });
  await app.register(actionItem, { prefix: '/action-item' });
  await app.register(shoppingCart, { prefix: '/shopping-cart' });
  await app.register(order, { prefix: '/order' });
  await app.register(strategicPartner, { prefix: '/strategic-partner' });
  await app.register(client, { prefix: '/client' });
  await app.register(epopDocument, { prefix: '/epop-document' });
  await app.register(pageView, { prefix: '/page-view' });

  await app.ready();
  return app;
}
