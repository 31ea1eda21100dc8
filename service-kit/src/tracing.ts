import { register } from 'node:module';

/**
 * OpenTelemetry traces, off unless configured (service-kit/README.md "Traces"). A service's server.ts
 * calls `startTracing(name)` before it imports anything else and then imports its app dynamically: the
 * instrumentations patch `http`, `undici` (fetch), `pg` and `ioredis` as they load, and an ES module is
 * only seen by a loader hook registered before it is imported. So this entry point imports nothing of
 * the service (no Fastify, no database driver), and the SDK itself only once tracing is on.
 *
 * On when `OTEL_TRACES_EXPORTER` is `otlp` or `console`, or an OTLP endpoint is set
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); `OTEL_SDK_DISABLED=true` wins.
 * The trace context travels in the W3C `traceparent` header: gateway → APIs (fetch) → database calls.
 */
export interface Tracing {
  /** Sends what is buffered and stops; called by serve() on shutdown. */
  shutdown(): Promise<void>;
}

/** The probes a load balancer or Prometheus sends every second: never traced. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

let started: Tracing | undefined;

export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER;
  if (exporter === 'none') return false;
  return (
    exporter === 'otlp' ||
    exporter === 'console' ||
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  );
}

/** Starts tracing for `serviceName` when the environment asks for it; undefined when it does not. */
export async function startTracing(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Tracing | undefined> {
  if (started || !tracingEnabled(env)) return started;
  // Only the modules an instrumentation asked for are wrapped (not every ES module of the service).
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [
    { NodeSDK, tracing },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { OTLPTraceExporter },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    traceExporter:
      env.OTEL_TRACES_EXPORTER === 'console' ? new tracing.ConsoleSpanExporter() : new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?', 1)[0]!),
        // The gateway's own readiness probes of the APIs are not a user's story either.
        ignoreOutgoingRequestHook: (options) =>
          typeof options.path === 'string' && UNTRACED_PATHS.has(options.path.split('?', 1)[0]!),
      }),
      new UndiciInstrumentation({
        ignoreRequestHook: (request) => UNTRACED_PATHS.has(request.path.split('?', 1)[0]!),
      }),
      // Statement text only (no bound values: they may be personal data); no span for a pool connect.
      new PgInstrumentation({ enhancedDatabaseReporting: false, ignoreConnectSpans: true }),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  started = { shutdown: () => sdk.shutdown() };
  return started;
}

/** The tracing this process started, if any (serve() flushes it on shutdown). */
export function activeTracing(): Tracing | undefined {
  return started;
}
