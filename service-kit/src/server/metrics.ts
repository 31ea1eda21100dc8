import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

export { Counter, Gauge, Histogram, Registry };

/** Where /metrics is exposed (README "Metrics, readiness and shutdown"); neither set: nowhere. */
export interface MetricsSettings {
  /** METRICS_TOKEN: `GET /metrics` on the main port with `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** METRICS_PORT: a private listener answering `GET /metrics` (no token), at `host`. */
  port?: number | undefined;
  /** METRICS_HOST: the private listener's address (127.0.0.1). */
  host?: string | undefined;
}

/** Reads METRICS_TOKEN, METRICS_PORT and METRICS_HOST; throws on a value that cannot be meant. */
export function metricsSettings(env: NodeJS.ProcessEnv = process.env): MetricsSettings {
  const token = env.METRICS_TOKEN || undefined;
  // A short token is guessable, and the gateway's main port is public.
  if (token !== undefined && token.length < 16) {
    throw new Error('METRICS_TOKEN must be at least 16 characters');
  }
  let port: number | undefined;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== '') {
    port = Number(env.METRICS_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
    }
  }
  return { token, port, host: env.METRICS_HOST || '127.0.0.1' };
}

/** Whether `/metrics` is reachable anywhere (then the process's own metrics are collected too). */
export const metricsExposed = (settings: MetricsSettings) =>
  settings.token !== undefined || settings.port !== undefined;

/** Constant-time comparison of an Authorization header with `Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  // Hashes of equal length: timingSafeEqual then leaks neither the token nor its length.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/**
 * The process's own metrics (CPU, memory, event loop lag, GC), collected once per process whatever
 * the number of services built in it (tests build hundreds: each collector keeps an event-loop monitor
 * and a GC observer for ever).
 */
let processRegistry: Registry | undefined;
function processMetrics(service: string): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    processRegistry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What every service records (README "Metrics, readiness and shutdown"). */
export const HTTP_DURATION = 'http_request_duration_seconds';
/** A request no route matched: one label value, never the raw URL (bounded cardinality). */
export const UNMATCHED_ROUTE = '<unmatched>';

/**
 * One service's metrics: a registry of its own (a process may hold several services: tests), the
 * request duration histogram, and get-or-create helpers so two parts of a service (a plugin, the
 * shared mailer) can ask for the same metric without registering it twice.
 */
export class Metrics {
  readonly registry = new Registry();
  /** The private listener's address once it listens (METRICS_PORT; port 0 picks one: tests). */
  address: AddressInfo | undefined;
  readonly httpDuration: Histogram<'route' | 'method' | 'status_code'>;

  constructor(
    readonly service: string,
    /** Adds the process's metrics to the scrape (only when /metrics is exposed somewhere). */
    private readonly withProcess: boolean,
  ) {
    this.registry.setDefaultLabels({ service });
    if (withProcess) processMetrics(service);
    this.httpDuration = this.histogram({
      name: HTTP_DURATION,
      help: 'Time from the request to its answer, by route pattern, method and status code',
      labelNames: ['route', 'method', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Counter<L> | undefined) ??
      new Counter<L>({ ...config, registers: [this.registry] })
    );
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Gauge<L> | undefined) ??
      new Gauge<L>({ ...config, registers: [this.registry] })
    );
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return (
      (this.registry.getSingleMetric(config.name) as Histogram<L> | undefined) ??
      new Histogram<L>({ ...config, registers: [this.registry] })
    );
  }

  readonly contentType = this.registry.contentType;

  /** The Prometheus text of a scrape: the service's metrics, then the process's. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    if (!this.withProcess) return own;
    return `${own}\n${await processMetrics(this.service).metrics()}`;
  }
}

/**
 * The value of one sample in Prometheus text, the one whose labels include `labels` (whatever their
 * order; summed when several match), or undefined when none does: what a test or a script reads
 * from a scrape.
 */
export function metricSample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map<string, string>();
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      found.set(
        pair[1]!,
        pair[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)),
      );
    }
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) {
      total = (total ?? 0) + Number(match[3]);
    }
  }
  return total;
}
