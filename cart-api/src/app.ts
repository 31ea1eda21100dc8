import clock from './plugins/app/clock.js';
import type { RouteOptions } from 'fastify';
import {
  createService,
  remoteJwksVerifier,
  routeContract,
  type LoggerSettings,
  type Service,
} from 'service-kit';
import type { Config } from './config.js';
import db from './plugins/app/db.js';
import mailer from './plugins/app/mailer.js';
import jobs from './plugins/app/jobs.js';
import payments from './plugins/app/payments.js';
import type { PaymentGateway } from './payments/gateway.js';
import identity, { type IdentityDirectory } from './plugins/app/identity.js';
import { createPolicies } from './policies/index.js';
import { cachedLinks } from './policies/linked-users.js';
import actionItem from './routes/action-item/index.js';
import client from './routes/client/index.js';
import colonial from './routes/colonial/index.js';
import company from './routes/company/index.js';
import discount from './routes/discount/index.js';
import documentDraft from './routes/document-draft/index.js';
import salesReport from './routes/sales-report/index.js';
import userCompanies from './routes/user/index.js';
import epop from './routes/epop/index.js';
import epopDocument from './routes/epop-document/index.js';
import health from './routes/health/index.js';
import order from './routes/order/index.js';
import pageView from './routes/page-view/index.js';
import product from './routes/product/index.js';
import shoppingCart, { cartDocument } from './routes/shopping-cart/index.js';
import strategicPartner from './routes/strategic-partner/index.js';
import systemMessage from './routes/system-message/index.js';

export interface BuildOptions {
  /** `false` silences the service (tests); by default pino as the config says. */
  logger?: false | LoggerSettings;
  /** Sees every route as it is added (the authorization matrix and the malformed-input sweep). */
  onRoute?: (route: RouteOptions) => void;
  /** identity-api's users from elsewhere than identity-api (tests); by default its service routes. */
  identity?: IdentityDirectory;
  /** The payment gateway to use instead of PAYMENT_GATEWAY's (tests that count the charges). */
  payments?: PaymentGateway;
  /** The service's clock (tests that move time): the routes' and the jobs' "now". */
  now?: () => Date;
}

/**
 * Composes cart-api on the service kit: the catalogue's errors, contract validation and OpenAPI
 * (createService), the database, the route contract (bearer verification, role groups, ownership
 * policies), then one plugin per resource (README "Layout").
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<Service> {
  const app = await createService({
    logger: options.logger ?? { level: config.logLevel, production: config.nodeEnv === 'production' },
    exposeStackTraces: config.exposeStackTraces,
    openApi: { title: 'cart-api', version: '1', description: 'The domain API of POP Documents.' },
    metrics: config.metrics,
  });

  await app.register(clock, options.now ? { now: options.now } : {});
  await app.register(db, { databaseUrl: config.databaseUrl });
  await app.register(mailer, { mail: config.mail });
  await app.register(payments, {
    payments: config.payments,
    ...(options.payments ? { gateway: options.payments } : {}),
  });
  await app.register(identity, {
    directory: options.identity,
    client: {
      issuer: config.identityIssuer,
      identityUrl: config.identityUrl,
      clientId: config.cartApiClientId,
      clientSecret: config.cartApiClientSecret,
    },
  });
  await app.register(jobs, {
    jobs: config.jobs,
    appUrl: config.appUrl,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.register(routeContract, {
    verify: remoteJwksVerifier({ issuer: config.identityIssuer, audience: config.accessTokenAudience }),
    policies: createPolicies(
      app.db,
      cachedLinks((userId) => app.identity.linkedUsers(userId)),
    ),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(health);
  await app.register(systemMessage, { prefix: '/system-message' });
  await app.register(product, { prefix: '/product' });
  await app.register(actionItem, { prefix: '/action-item', appUrl: config.appUrl });
  await app.register(shoppingCart, { prefix: '/shopping-cart' });
  await app.register(cartDocument, { prefix: '/cart' });
  await app.register(order, { prefix: '/order' });
  await app.register(strategicPartner, { prefix: '/strategic-partner' });
  await app.register(client, { prefix: '/client' });
  await app.register(colonial, { prefix: '/colonial', appUrl: config.appUrl });
  await app.register(company, { prefix: '/company' });
  await app.register(epop, { prefix: '/epop' });
  await app.register(epopDocument, { prefix: '/epop-document', appUrl: config.appUrl });
  await app.register(discount, { prefix: '/discount' });
  await app.register(salesReport, { prefix: '/sales-report' });
  await app.register(userCompanies, { prefix: '/user' });
  await app.register(pageView, { prefix: '/page-view' });
  await app.register(documentDraft, { prefix: '/document-draft' });

  await app.ready();
  return app;
}
