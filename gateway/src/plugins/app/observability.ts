import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { metricsSettings, observability, type Counter, type MetricsSettings } from 'service-kit/server';
import type { GatewayConfig } from '../../config.js';

export interface GatewayObservabilityOptions {
  config: Pick<GatewayConfig, 'identityUrl' | 'cartApiUrl' | 'redisUrl'>;
  /** Where /metrics is exposed; by default METRICS_TOKEN / METRICS_PORT / METRICS_HOST. */
  metrics?: MetricsSettings;
  /** The bound of each readiness check (2 s). */
  readinessTimeoutMs?: number;
}

/** What went wrong on the way to an upstream: `upstream_errors_total{upstream, kind}`. */
export type UpstreamErrorKind = 'timeout' | 'connection_refused' | 'connection' | '5xx';

/** How a sign-in ended: `sign_ins_total{via, outcome, reason}`. */
export type SignInOutcome = 'success' | 'refused' | 'throttled' | 'error';

/** The refusal keys the gateway answers (its `LoginRefusal.error`): a bounded label. */
const REFUSAL_REASONS = new Set(['locked_out', 'password_expired', 'gsuite', 'invalid']);

/** `upstream_errors_total`, when the gateway's metrics are on (the observability plugin). */
export function upstreamErrors(app: FastifyInstance): Counter<'upstream' | 'kind'> | undefined {
  if (!app.hasDecorator('metrics')) return undefined;
  return app.metrics.counter({
    name: 'upstream_errors_total',
    help: 'Failed calls to an API through /api, by upstream and kind (timeout, connection_refused, connection, 5xx)',
    labelNames: ['upstream', 'kind'],
  });
}

/** `sign_ins_total`, when the gateway's metrics are on. */
export function signIns(app: FastifyInstance): Counter<'via' | 'outcome' | 'reason'> | undefined {
  if (!app.hasDecorator('metrics')) return undefined;
  return app.metrics.counter({
    name: 'sign_ins_total',
    help: 'Sign-ins by way (password, sign-in link, external) and outcome; reason: the refusal key',
    labelNames: ['via', 'outcome', 'reason'],
  });
}

/** The sign-in routes whose refusals are counted here (successes are counted by completeSignIn). */
const SIGN_IN_ROUTES: Record<string, string> = { '/bff/login': 'password', '/bff/auth': 'sign-in link' };

/** Resolves when `url` answers 200 (an upstream's /healthz). */
async function answers200(url: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { signal });
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}

/**
 * The gateway's metrics, `/readyz` and draining state (service-kit's observability, README "Metrics,
 * readiness and shutdown"): ready while Redis (when REDIS_URL is set) answers a PING and its database a
 * query; both APIs' /healthz are reported beside, not required. Its main port is public: /metrics there only with METRICS_TOKEN, otherwise on
 * the private METRICS_PORT. Register it first in app.ts, so every route is timed.
 */
export default fp<GatewayObservabilityOptions>(
  async (app, options) => {
    await app.register(observability, {
      service: 'gateway',
      metrics: options.metrics ?? metricsSettings(),
      ...(options.readinessTimeoutMs !== undefined ? { readinessTimeoutMs: options.readinessTimeoutMs } : {}),
    });
    const { config } = options;
    // Reported, not required: an API that is away is away for every gateway, and taking them all out
    // of the balancer would turn its outage into the whole site's (the shell, sign-out, the other API).
    app.lifecycle.addReadinessCheck(
      'identity-api',
      (signal) => answers200(`${config.identityUrl}/healthz`, signal),
      { required: false },
    );
    app.lifecycle.addReadinessCheck(
      'cart-api',
      (signal) => answers200(`${config.cartApiUrl}/healthz`, signal),
      { required: false },
    );
    if (config.redisUrl) {
      // A connection of its own: a PING through the sessions' or the counters' client would queue
      // behind their commands. Offline commands fail at once instead of waiting for a reconnect.
      const redis = new Redis(config.redisUrl, {
        lazyConnect: true,
        connectTimeout: 1000,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
      });
      redis.on('error', () => {});
      app.lifecycle.addReadinessCheck('redis', async () => {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        await redis.ping();
      });
      app.addHook('onClose', async () => redis.disconnect());
    }

    // Refusals and throttling of the password and sign-in-link routes, read from their answer (the
    // key the browser gets: never identity-api's own, so user_not_found and unauthorized stay one).
    const counted = signIns(app)!;
    app.addHook('onSend', (request, reply, payload, done) => {
      const via = request.method === 'POST' ? SIGN_IN_ROUTES[request.routeOptions.url ?? ''] : undefined;
      const status = reply.statusCode;
      if (via && status >= 400) {
        if (status === 429) counted.inc({ via, outcome: 'throttled', reason: '' });
        else if (status >= 500) counted.inc({ via, outcome: 'error', reason: '' });
        else {
          const key = typeof payload === 'string' ? /"error":"(\w+)"/.exec(payload)?.[1] : undefined;
          counted.inc({ via, outcome: 'refused', reason: key && REFUSAL_REASONS.has(key) ? key : 'invalid' });
        }
      }
      done(null, payload);
    });
  },
  { name: 'gateway-observability' },
);
