import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { sql } from 'kysely';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, TOKEN_REFRESH_AFTER_MS } from 'shared-domain';
import type { GatewayConfig } from './config.js';
import { openGatewayDatabase, type GatewayDb } from './db/index.js';
import type { SessionLimits } from './lib/session-auth.js';
import { GATEWAY_MESSAGES } from './messages.js';
import authentication from './plugins/app/authentication.js';
import { createIdentityClient, type IdentityClient } from './plugins/app/identity-client.js';
import {
  remoteRefreshSetting,
  type RefreshSetting,
  type RemoteRefreshSetting,
} from './plugins/app/refresh-setting.js';
import observability from './plugins/app/observability.js';
import requestGuard from './plugins/app/request-guard.js';
import signInThrottle from './plugins/app/sign-in-throttle.js';
import unreadBody from './plugins/app/unread-body.js';
import { createSignInFlows } from './plugins/app/sign-in-flows.js';
import {
  createSessionStore,
  type Clock,
  type SessionRecordStore,
} from './plugins/app/session-stores/index.js';
import helmet from './plugins/external/helmet.js';
import rateLimit from './plugins/external/rate-limit.js';
import session from './plugins/external/session.js';
import apiDocs from './routes/api-docs/index.js';
import apiProxy from './routes/api/index.js';
import bffRoutes from './routes/bff/index.js';
import guideRoutes from './routes/guides/index.js';
import healthRoutes from './routes/healthz/index.js';
import staticRoutes from './routes/static/index.js';
import { fastifyTrustProxy } from 'service-kit/server';
import { errorHandler, loggerOptions, requestIdOf, requestLogging, traceRoutes } from 'service-kit';

/** Seams for tests; production uses the defaults. */
export interface AppOptions {
  now?: Clock;
  sessionLimits?: Partial<SessionLimits>;
  refreshAfterMs?: number;
  sessionStore?: SessionRecordStore;
  /** Key prefix of the Redis session store and rate-limit counters (tests use one per run). */
  redisPrefix?: string;
  identity?: IdentityClient;
  /** The client of the external sign-in's issuer (default: one built from EXTERNAL_*). */
  externalIdentity?: IdentityClient;
  /** cart-api's refresh-token setting (default: fetched from cart-api at start). */
  refreshSetting?: RefreshSetting;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The store the sessions live in (tests look into it). */
    sessionRecords: SessionRecordStore;
    /** cart-api's refresh-token setting as the gateway knows it. */
    refreshSetting: RefreshSetting;
    /** The gateway's database (DATABASE_URL): the remote registry and the published remote files. */
    gatewayDb: GatewayDb;
  }
}

export async function buildApp(config: GatewayConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const limits: SessionLimits = {
    absoluteMs: options.sessionLimits?.absoluteMs ?? SESSION_ABSOLUTE_MS,
    idleMs: options.sessionLimits?.idleMs ?? SESSION_IDLE_MS,
  };
  const app = Fastify({
    // pino as every service logs (service-kit): request URLs without one-time tokens or credentials.
    logger:
      options.logger === false
        ? false
        : loggerOptions({ level: config.logLevel, production: config.production, stream: options.logStream }),
    // One line per request, written when it is done (requestLogging below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify's default (1 MiB) made explicit and configurable; /api bodies are counted in the proxy.
    bodyLimit: config.bodyLimit,
    // A request id the caller sent (a load balancer's) is kept when sane, else generated (service-kit's
    // rule); it travels to the APIs as x-request-id so one request reads as one story across the logs.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A URL the router cannot decode (`/api/%u002e`) gets the one error format too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ message: error.code === 'FST_ERR_BAD_URL' ? GATEWAY_MESSAGES.invalidPath : error.message }),
  });

  // One error format, the services' (service-kit): the specs' catalogue, `{message}` below 500,
  // `500 {errorText, stackTrace?}` (no stack trace in production). The 404 is the shell's (routes/static).
  await app.register(errorHandler, { exposeStackTraces: !config.production, notFound: false });
  // Before any route: every request timed by its route pattern, /readyz, /metrics (private port or
  // token), the draining state serve() sets; the trace's server span named by the route.
  await app.register(observability, { config, metrics: config.metrics });
  await app.register(traceRoutes);
  // The request id goes back to the browser too (support can find the request in all three logs).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Successes at debug: the gateway's bulk is 2xx proxying; refusals, errors and slow requests at info.
  await app.register(requestLogging, { slowRequestMs: config.slowRequestMs, successLevel: 'debug' });
  // An answer sent before the body was read leaves the keep-alive connection usable (drained or closed).
  await app.register(unreadBody, { drainLimit: Math.max(config.bodyLimit, config.uploadBodyLimit) });

  // Migrated before anything serves; shared by every instance on one DATABASE_URL (routes/static).
  const gatewayDb = await openGatewayDatabase(config.databaseUrl, (error) =>
    app.log.warn({ err: error }, 'gateway database connection lost'),
  );
  app.addHook('onClose', async () => gatewayDb.destroy());
  app.decorate('gatewayDb', gatewayDb);
  // Without its database a gateway cannot name the remotes: out of the load balancer's rotation.
  app.lifecycle.addReadinessCheck('database', () => sql`select 1`.execute(gatewayDb));
  const store =
    options.sessionStore ?? createSessionStore(config, now, options.redisPrefix, limits.absoluteMs);
  const identity =
    options.identity ??
    createIdentityClient({
      issuer: config.identityIssuer,
      clientId: config.oidcClientId,
      clientSecret: config.oidcClientSecret,
    });
  const sameExternalClient =
    config.externalIssuer === config.identityIssuer && config.externalClientId === config.oidcClientId;
  const externalIdentity =
    options.externalIdentity ??
    (sameExternalClient
      ? identity
      : createIdentityClient({
          issuer: config.externalIssuer,
          clientId: config.externalClientId,
          clientSecret: config.externalClientSecret,
        }));
  let refreshSetting = options.refreshSetting;
  if (!refreshSetting) {
    const remote: RemoteRefreshSetting = remoteRefreshSetting({
      url: `${config.cartApiUrl}/system-message/config/refresh-token`,
      log: app.log,
    });
    // At start, in the background: the gateway does not wait for cart-api (see refresh-setting.ts).
    app.addHook('onReady', async () => remote.start());
    app.addHook('onClose', async () => remote.stop());
    refreshSetting = remote;
  }
  app.decorate('refreshSetting', refreshSetting);
  app.decorate('sessionRecords', store);

  const redisPrefix = options.redisPrefix ?? 'pop:gateway:sess:';
  await app.register(helmet);
  await app.register(rateLimit, { redisUrl: config.redisUrl, nameSpace: `${redisPrefix}rate:` });
  await app.register(healthRoutes, { upstreams: { identity: config.identityUrl, cart: config.cartApiUrl } });
  // The guides at stable public paths, for a plain link: outside /api (no session, no X-CSRF).
  await app.register(guideRoutes, { cartApiUrl: config.cartApiUrl, timeoutMs: config.upstreamTimeoutMs });
  // Bound once the session scope below exists: the page routes stay outside it (no session hooks on
  // every asset request) and read the cookie only for the shell's page.
  let pageUser: ((request: FastifyRequest) => Promise<unknown>) | undefined;
  await app.register(staticRoutes, {
    pageUser: (request) => pageUser?.(request) ?? Promise.resolve(undefined),
    shellDir: config.shellDir,
    db: gatewayDb,
    remoteCacheBytes: config.remoteCacheBytes,
    loginMessagesUrl: `${config.cartApiUrl}/system-message?location=login`,
    loginMessagesTtlMs: config.loginMessagesTtlMs,
  });

  // Sessions, CSRF and authentication exist only where the browser talks to us as a client: /bff and /api.
  await app.register(async (scope) => {
    await scope.register(session, { secret: config.sessionSecret, store, limits, now });
    await scope.register(requestGuard);
    await scope.register(authentication, {
      identity,
      externalIdentity,
      refreshSetting,
      limits,
      refreshAfterMs: options.refreshAfterMs ?? TOKEN_REFRESH_AFTER_MS,
      now,
      store,
    });
    pageUser = (request) => scope.authentication.pageUser(request);
    await scope.register(signInThrottle, {
      perAddress: config.loginRateLimit,
      perAccount: config.loginAccountRateLimit,
    });
    await scope.register(bffRoutes, {
      prefix: '/bff',
      publicUrl: config.publicUrl,
      flows: createSignInFlows(store, now),
      now,
    });
    await scope.register(apiDocs, {
      upstreams: { identity: config.identityUrl, cart: config.cartApiUrl },
      access: config.apiDocs,
      timeoutMs: config.upstreamTimeoutMs,
    });
    await scope.register(apiProxy, {
      upstreams: { identity: config.identityUrl, cart: config.cartApiUrl },
      bodyLimit: config.bodyLimit,
      uploadBodyLimit: config.uploadBodyLimit,
      timeoutMs: config.upstreamTimeoutMs,
      rateLimits: {
        'account-route': config.accountRouteRateLimit,
        'page-view': config.pageViewRateLimit,
        payment: config.paymentRateLimit,
        'promo-code': config.promoCodeRateLimit,
      },
    });
  });

  return app;
}
