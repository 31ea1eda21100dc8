import { activeTracing } from '../tracing.js';

/** The part of a Fastify instance that serve() uses (kept structural: shared-domain does not depend on Fastify). */
export interface Servable {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): PromiseLike<unknown>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** The Node HTTP server (Fastify's `app.server`). */
  server?: {
    listening: boolean;
    close(callback?: (error?: Error) => void): unknown;
    closeIdleConnections(): void;
    closeAllConnections(): void;
  };
  /** service-kit's observability (`app.lifecycle`): draining state and shutdown steps. */
  lifecycle?: { drain(): void; shutdown(budgetMs: number): Promise<void> };
}

/** What serve() listens to and ends (tests give an emitter of their own). */
export interface ProcessLike {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
}

export interface ServeOptions {
  port: number;
  host: string;
  name: string;
  /** How long the requests in flight may take to finish (SHUTDOWN_TIMEOUT_MS, 10 s). */
  shutdownTimeoutMs?: number;
  /**
   * How long a SIGTERM keeps listening and serving after /readyz turned 503, before the listener
   * closes: the time a load balancer takes to see the instance is out (SHUTDOWN_GRACE_MS, 0).
   */
  shutdownGraceMs?: number;
  process?: ProcessLike;
}

/** A whole number of milliseconds ≥ 0 read from `name`, else `fallback`; anything else stops the start. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of milliseconds, got "${text}"`);
  }
  return value;
}

/** The bound of a drain: SHUTDOWN_TIMEOUT_MS when set, else 10 s. */
export function shutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 10_000);
}

/**
 * How long a draining service keeps accepting connections after /readyz turned 503:
 * SHUTDOWN_GRACE_MS when set, else 0 (the listener closes at once). Behind a load balancer, at least
 * the time it takes to mark the instance down (HAProxy checking each second, two failures: 2.5 s).
 */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  return milliseconds(env, 'SHUTDOWN_GRACE_MS', 0);
}

/** Beyond the drain's own bounds, how long serve() lets a shutdown run before it exits 1 regardless. */
export const SHUTDOWN_MARGIN_MS = 5000;

/** How often idle keep-alive connections are closed during a drain (one that just answered, say). */
const IDLE_SWEEP_MS = 100;

/**
 * The graceful stop: /readyz answers 503 at once, every answer closes its connection and the drain
 * listeners stop taking work (a job worker's claims); for `graceMs` the service still listens and
 * serves (the load balancer has yet to see it is out: a request it still sends is answered rather
 * than refused); then no new connection is accepted, the requests in flight finish (idle keep-alive
 * connections closed) within `timeoutMs`, after which the connections left are closed by force; then
 * the shutdown steps (a worker's jobs under way) with the time that is left, then `app.close()` (the
 * onClose hooks: database, pools).
 */
export async function drain(app: Servable, timeoutMs: number, graceMs = 0): Promise<void> {
  app.lifecycle?.drain();
  const server = app.server;
  if (graceMs > 0 && server?.listening) {
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    app.log.info({ graceMs }, 'shutdown grace over: no new connections');
  }
  const deadline = Date.now() + timeoutMs;
  if (server?.listening) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    try {
      if ((await Promise.race([closed, late])) === 'late') {
        app.log.error({ timeoutMs }, 'requests still in flight at the shutdown timeout: connections closed');
        server.closeAllConnections();
        await closed;
      }
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  }
  await app.lifecycle?.shutdown(Math.max(0, deadline - Date.now()));
  await app.close();
  // The spans of the last requests, before the process exits.
  await activeTracing()?.shutdown();
}

/**
 * Starts a service: listens, and on SIGINT or SIGTERM drains it (`drain`) and exits 0 (1 when the
 * shutdown itself failed, or overran its bounds by SHUTDOWN_MARGIN_MS: closing or flushing the traces
 * hung). A service that cannot start is closed and the process exits 1. The bounds are
 * SHUTDOWN_TIMEOUT_MS and SHUTDOWN_GRACE_MS unless the options give them.
 */
export async function serve(app: Servable, options: ServeOptions) {
  const { port, host, name } = options;
  const proc = options.process ?? process;
  const timeoutMs = options.shutdownTimeoutMs ?? shutdownTimeoutMs();
  const graceMs = options.shutdownGraceMs ?? shutdownGraceMs();
  let stopping = false;
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    proc.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    proc.once(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal, timeoutMs, graceMs }, `${name} shutting down`);
      // app.close() and the traces' flush have no bound of their own: the process ends regardless.
      const limitMs = timeoutMs + graceMs + SHUTDOWN_MARGIN_MS;
      const hardStop = setTimeout(() => {
        app.log.error({ signal, limitMs }, `${name} shutdown did not finish in time: exiting`);
        exit(1);
      }, limitMs);
      hardStop.unref();
      drain(app, timeoutMs, graceMs).then(
        () => {
          clearTimeout(hardStop);
          app.log.info({ signal }, `${name} stopped`);
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(hardStop);
          app.log.error({ err: error }, `${name} shutdown failed`);
          exit(1);
        },
      );
    });
  }
  try {
    const address = await app.listen({ port, host });
    app.log.info({ address }, `${name} ready`);
  } catch (error) {
    app.log.error({ err: error }, `${name} failed to start`);
    await app.close();
    proc.exit(1);
  }
}
