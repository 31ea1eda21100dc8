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
  process?: ProcessLike;
}

/** The bound of a drain: SHUTDOWN_TIMEOUT_MS when set, else 10 s. */
export function shutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.SHUTDOWN_TIMEOUT_MS;
  if (text === undefined || text === '') return 10_000;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, got "${text}"`);
  }
  return value;
}

/** How often idle keep-alive connections are closed during a drain (one that just answered, say). */
const IDLE_SWEEP_MS = 100;

/**
 * The graceful stop: /readyz answers 503 at once, no new connection is accepted, the requests in
 * flight finish (each answer closing its connection; idle keep-alive connections closed) within
 * `timeoutMs`, after which the connections left are closed by force; then the shutdown steps (a
 * worker's job leases released) with the time that is left, then `app.close()` (the onClose hooks:
 * database, pools).
 */
export async function drain(app: Servable, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  app.lifecycle?.drain();
  const server = app.server;
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
 * shutdown itself failed). A service that cannot start is closed and the process exits 1.
 */
export async function serve(app: Servable, options: ServeOptions) {
  const { port, host, name } = options;
  const proc = options.process ?? process;
  const timeoutMs = options.shutdownTimeoutMs ?? shutdownTimeoutMs();
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    proc.once(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal, timeoutMs }, `${name} shutting down`);
      drain(app, timeoutMs).then(
        () => {
          app.log.info({ signal }, `${name} stopped`);
          proc.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, `${name} shutdown failed`);
          proc.exit(1);
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
