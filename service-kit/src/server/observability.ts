import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
// The `hide` of a route's schema (kept out of the OpenAPI document) is @fastify/swagger's addition.
import type {} from '@fastify/swagger';
import fp from 'fastify-plugin';
import {
  bearerMatches,
  Metrics,
  metricsExposed,
  metricsSettings,
  UNMATCHED_ROUTE,
  type MetricsSettings,
} from './metrics.js';

/** One readiness check: resolves when the dependency answers; `signal` aborts at the check's timeout. */
export type ReadinessCheck = (signal: AbortSignal) => Promise<unknown>;
export interface ReadinessCheckOptions {
  /**
   * Whether the service is ready only when this check passes (true, the default). A check with
   * `required: false` only informs: it runs and is reported in `checks`, but its failure does not make
   * the status `not ready` (the gateway's upstream APIs: one API's outage must not take every gateway
   * out of the balancer).
   */
  required?: boolean;
}
export type CheckResult = 'ok' | 'failed' | 'timeout';
export interface ReadinessReport {
  status: 'ready' | 'not ready' | 'draining';
  checks: Record<string, CheckResult>;
}
/** A step of the shutdown (wait for the jobs under way…), given the milliseconds left of the shutdown's bound. */
export type ShutdownStep = (remainingMs: number) => Promise<unknown>;
/** Told once when the service starts draining (stop taking work: a job worker's claims, a schedule). */
export type DrainListener = () => void;

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Default time each readiness check may take (READINESS_TIMEOUT_MS). */
export const DEFAULT_READINESS_TIMEOUT_MS = 4000;

/** One run of a readiness check: its outcome within the bound, and the signal that ends the bound. */
interface CheckRun {
  signal: AbortSignal;
  outcome: Promise<{ result: CheckResult; error?: unknown }>;
}

/**
 * A service's readiness and shutdown: the checks `/readyz` runs, whether the service is draining
 * (then `/readyz` answers 503 at once, every answer closes its connection and the drain listeners are
 * told), and the steps serve() runs once the requests in flight have finished, before the service closes.
 */
export class Lifecycle {
  private isDraining = false;
  private readonly checks = new Map<string, { check: ReadinessCheck; required: boolean }>();
  /** The run of each check whose promise has not settled yet (a hung one outlives its probe). */
  private readonly pending = new Map<string, CheckRun>();
  private readonly steps: { name: string; step: ShutdownStep }[] = [];
  private readonly drainListeners: DrainListener[] = [];

  constructor(
    private readonly log: Log,
    private readonly checkTimeoutMs = DEFAULT_READINESS_TIMEOUT_MS,
  ) {}

  get draining(): boolean {
    return this.isDraining;
  }

  /**
   * From now on /readyz answers 503 `draining` and answers close their connections; the drain
   * listeners are called (once: a second call does nothing).
   */
  drain(): void {
    if (this.isDraining) return;
    this.isDraining = true;
    for (const listener of this.drainListeners.splice(0)) {
      try {
        listener();
      } catch (error) {
        this.log.error({ err: error }, 'drain listener failed');
      }
    }
  }

  /** `listener` is called once, when the drain starts (at once if it has started already). */
  onDrain(listener: DrainListener): void {
    if (this.isDraining) {
      listener();
      return;
    }
    this.drainListeners.push(listener);
  }

  addReadinessCheck(
    name: string,
    check: ReadinessCheck,
    { required = true }: ReadinessCheckOptions = {},
  ): void {
    this.checks.set(name, { check, required });
  }

  addShutdownStep(name: string, step: ShutdownStep): void {
    this.steps.push({ name, step });
  }

  /**
   * Every check at once, each bounded by its timeout; the reasons go to the log (`log`: the request's,
   * with its id), not the answer. A check whose earlier run is still pending is not started again: a
   * run past its timeout answers `timeout` at once (probes every second do not pile up waiters on a
   * dependency that does not answer, a pool's connection queue say), one still within it is shared.
   * Only the required checks decide the status; the others are reported.
   */
  async readiness(log: Log = this.log): Promise<ReadinessReport> {
    if (this.isDraining) return { status: 'draining', checks: {} };
    const entries = await Promise.all(
      [...this.checks].map(async ([name, { check, required }]): Promise<[string, CheckResult, boolean]> => {
        const earlier = this.pending.get(name);
        const run = earlier ?? this.start(name, check);
        const { result, error } = earlier?.signal.aborted
          ? { result: 'timeout' as const, error: undefined }
          : await run.outcome;
        if (result === 'failed') log.warn({ err: error, check: name }, 'readiness check failed');
        if (result === 'timeout') {
          log.warn(
            { check: name, ...(earlier ? { stillRunning: true } : {}) },
            earlier ? 'readiness check still running since an earlier probe' : 'readiness check timed out',
          );
        }
        return [name, result, required];
      }),
    );
    const checks = Object.fromEntries(entries.map(([name, result]) => [name, result]));
    const ready = entries.every(([, result, required]) => result === 'ok' || !required);
    return { status: ready ? 'ready' : 'not ready', checks };
  }

  /** Runs a check, bounded by the timeout, and keeps it in `pending` until its promise settles. */
  private start(name: string, check: ReadinessCheck): CheckRun {
    const signal = AbortSignal.timeout(this.checkTimeoutMs);
    const timedOut = new Promise<{ result: CheckResult }>((resolve) =>
      signal.addEventListener('abort', () => resolve({ result: 'timeout' }), { once: true }),
    );
    let answered: Promise<{ result: CheckResult; error?: unknown }>;
    try {
      answered = check(signal).then(
        () => ({ result: 'ok' as const }),
        (error: unknown) => ({ result: signal.aborted ? ('timeout' as const) : ('failed' as const), error }),
      );
    } catch (error) {
      answered = Promise.resolve({ result: 'failed', error });
    }
    const run: CheckRun = { signal, outcome: Promise.race([answered, timedOut]) };
    this.pending.set(name, run);
    void answered.finally(() => {
      if (this.pending.get(name) === run) this.pending.delete(name);
    });
    return run;
  }

  /**
   * Runs the shutdown steps in the order they were added, within `budgetMs` in all: a step still
   * running when the budget is spent is left behind (logged), so shutdown is always bounded.
   */
  async shutdown(budgetMs: number): Promise<void> {
    const deadline = Date.now() + budgetMs;
    for (const { name, step } of this.steps) {
      const remaining = Math.max(0, deadline - Date.now());
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        // At least a moment for a step whose work is short (a job worker with nothing under way).
        timer = setTimeout(() => resolve('late'), Math.max(remaining, 1000));
      });
      try {
        const result = await Promise.race([step(remaining), late]);
        if (result === 'late') this.log.error({ step: name }, 'shutdown step did not finish in time');
      } catch (error) {
        this.log.error({ err: error, step: name }, 'shutdown step failed');
      } finally {
        clearTimeout(timer);
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's Prometheus metrics (README "Metrics, readiness and shutdown"). */
    metrics: Metrics;
    /** Readiness checks, draining (and its listeners), shutdown steps. */
    lifecycle: Lifecycle;
  }
}

export interface ObservabilityOptions {
  /** The `service` label of every metric. */
  service: string;
  /** Where /metrics is exposed; by default from METRICS_TOKEN / METRICS_PORT / METRICS_HOST. */
  metrics?: MetricsSettings;
  /** The bound of each readiness check. */
  readinessTimeoutMs?: number;
}

/**
 * Metrics, `/readyz` and the draining state for one Fastify instance: the request duration histogram
 * by route pattern, `/metrics` on the private port (METRICS_PORT) and/or on the main port behind
 * `Authorization: Bearer <METRICS_TOKEN>` (without a token configured the path does not exist there),
 * `/readyz` running the registered checks. `createService` registers it; the gateway too.
 */
export const observability = fp<ObservabilityOptions>(
  async (app: FastifyInstance, options) => {
    const settings = options.metrics ?? metricsSettings();
    const metrics = new Metrics(options.service, metricsExposed(settings));
    const lifecycle = new Lifecycle(app.log, options.readinessTimeoutMs);
    app.decorate('metrics', metrics);
    app.decorate('lifecycle', lifecycle);

    // The route pattern (`/order/:orderId`), never the URL: one series per route, whatever the ids.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpDuration.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          method: request.method,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    // While draining, each answer closes its connection: a keep-alive client opens its next one
    // elsewhere (the load balancer's other instance) instead of holding this one open.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });

    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      const report = await lifecycle.readiness(request.log);
      return reply
        .code(report.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    });

    if (settings.token !== undefined) {
      const token = settings.token;
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        // A wrong or missing token reads like any unknown path: nothing says metrics are here.
        if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
        return reply
          .header('content-type', metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.text());
      });
    }

    if (settings.port !== undefined) {
      const server: Server = createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '').split('?', 1)[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
          return;
        }
        metrics.text().then(
          (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics scrape failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
          },
        );
      });
      // Ready means listening: a port already taken stops the service at start, not silently.
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ port: settings.port, host: settings.host ?? '127.0.0.1' }, () => {
            server.off('error', reject);
            resolve();
          });
        });
        metrics.address = server.address() as AddressInfo;
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'service-kit:observability' },
);
