import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import fp from 'fastify-plugin';
import { serializeRequest } from './redact.js';
import { traceLogFields } from './trace-context.js';

/** A request id we accept from the caller (the gateway's); anything else gets a new one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * One request id from the gateway to the APIs: `x-request-id` when it is sane, else a new uuid. The
 * same id is on every log line of the request (`reqId`), so one request reads as one story across the
 * three services' logs.
 */
export function requestIdOf(request: RawRequestDefaultExpression): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export interface LoggerSettings {
  level: string;
  /** JSON lines in production; pino-pretty in development (never when a stream is given). */
  production: boolean;
  /** Where the lines go instead of stdout (tests read them). */
  stream?: { write(line: string): void };
  /** Added to (or replacing) the default ones; `req` is `serializeRequest` (the URL redacted). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pino serializers take any value
  serializers?: Record<string, (value: any) => unknown>;
}

/**
 * Fastify's `logger` option: pino, pretty in development, JSON in production. A request is logged
 * with its URL redacted (`serializeRequest`): no one-time token or credential reaches a log line.
 */
export function loggerOptions(settings: LoggerSettings): FastifyServerOptions['logger'] {
  const base = {
    level: settings.level,
    serializers: { req: serializeRequest, ...settings.serializers },
    // With tracing on (tracing.ts), each line of a traced request names its trace and span.
    mixin: traceLogFields,
  };
  if (settings.stream) return { ...base, stream: settings.stream };
  if (settings.production) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/**
 * A load balancer's and Prometheus's probes, every second or so: a quick success is logged at debug
 * whatever `successLevel` says (a failed or slow one still is at info).
 */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** Requests at least this slow are logged at info (a setting: SLOW_REQUEST_MS). */
export const DEFAULT_SLOW_REQUEST_MS = 1000;

export interface RequestLoggingOptions {
  slowRequestMs?: number;
  /**
   * The level of a quick, successful request: `debug` by default (a busy service logs what someone
   * would read); identity-api keeps its account operations at `info`, as its record of who did what.
   */
  successLevel?: 'info' | 'debug';
}

/**
 * One line per request, when it finished: errors at error, refusals and slow requests at info, the
 * rest at `successLevel`. Pair it with a LogController whose `disableRequestLogging` is true, so
 * Fastify adds no lines of its own (createService does).
 */
export const requestLogging = fp<RequestLoggingOptions>(
  async (app: FastifyInstance, { slowRequestMs = DEFAULT_SLOW_REQUEST_MS, successLevel = 'debug' }) => {
    app.addHook('onResponse', (request, reply, done) => {
      const statusCode = reply.statusCode;
      const responseTime = Math.round(reply.elapsedTime);
      const level =
        statusCode >= 500
          ? 'error'
          : statusCode >= 400 || responseTime >= slowRequestMs
            ? 'info'
            : PROBES.has(request.routeOptions.url ?? '')
              ? 'debug'
              : successLevel;
      request.log[level]({ req: request, res: { statusCode }, responseTime }, 'request completed');
      done();
    });
  },
  { name: 'service-kit:request-logging' },
);
