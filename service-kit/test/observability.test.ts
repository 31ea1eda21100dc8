import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { createService, type Service } from '../src/index.js';
import {
  createDatabase,
  createTestDatabase,
  Lifecycle,
  metricsSettings,
  serve,
  SHUTDOWN_MARGIN_MS,
  shutdownGraceMs,
  shutdownTimeoutMs,
  type MetricsSettings,
  type ProcessLike,
  type Servable,
} from '../src/server/index.js';

const TOKEN = 'metrics-token-0123456789abcdef';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  jest.useRealTimers();
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * Jest's fake timers for setTimeout and setInterval only: the sockets (Node's own timers), promises
 * and Date stay real, so a test moves serve()'s grace and bounds itself while the HTTP traffic flows.
 */
const fakeTimeoutsOnly: Parameters<typeof jest.useFakeTimers>[0] = {
  doNotFake: [
    'Date',
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'setImmediate',
    'clearImmediate',
  ],
};

/** Every line a Lifecycle writes, as `level message`. */
function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      warn: (_object: object, message: string) => void lines.push(`warn ${message}`),
      error: (_object: object, message: string) => void lines.push(`error ${message}`),
    },
  };
}

/** A tiny service with a parameterised route, listening on an ephemeral port. */
async function service(metrics: MetricsSettings, register?: (app: Service) => void) {
  const app = await createService({
    logger: false,
    exposeStackTraces: false,
    openApi: { title: 'tiny', version: '1' },
    metrics,
    readinessTimeoutMs: 200,
  });
  app.get(
    '/order/:orderId',
    { schema: { params: Type.Object({ orderId: Type.String({ maxLength: 40 }) }) } },
    async (request) => ({ orderId: request.params.orderId }),
  );
  register?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

describe('metrics on the main port, behind METRICS_TOKEN', () => {
  it('does not exist without the token, and answers the route pattern with it', async () => {
    const { url } = await service({ token: TOKEN });
    expect((await fetch(`${url}/order/ord-123456`)).status).toBe(200);
    expect((await fetch(`${url}/no/such/path`)).status).toBe(404);

    const unknown = await fetch(`${url}/no-such-path`);
    const missing = await fetch(`${url}/metrics`);
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    // Refused exactly like a path that does not exist: nothing says metrics are here.
    for (const refused of [missing, wrong]) {
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(await unknown.clone().text());
    }

    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{service="tiny",route="\/order\/:orderId",method="GET",status_code="200"\} 1\n/,
    );
    expect(text).toContain('route="<unmatched>",method="GET",status_code="404"');
    expect(text).not.toContain('ord-123456');
    expect(text).not.toContain('/no/such/path');
    // The process's own metrics come with it.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('does not exist at all when no token is configured', async () => {
    const { url } = await service({});
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
  });

  it('reads its settings from the environment, refusing a short token or a bad port', () => {
    expect(metricsSettings({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' })).toEqual({
      token: TOKEN,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(metricsSettings({})).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(() => metricsSettings({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(() => metricsSettings({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });
});

describe('metrics on a private port (METRICS_PORT)', () => {
  it('answers /metrics there without a token, and not on the main port', async () => {
    const { app, url } = await service({ port: 0, host: '127.0.0.1' });
    await fetch(`${url}/order/abc`);
    const privateUrl = `http://127.0.0.1:${app.metrics.address!.port}`;
    const scrape = await fetch(`${privateUrl}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('route="/order/:orderId",method="GET",status_code="200"');
    expect((await fetch(`${privateUrl}/readyz`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });
});

describe('/readyz', () => {
  it('is ready while the database answers, not ready once it is closed', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.drop());
    const db = createDatabase(database.url);
    let destroyed = false;
    closers.push(async () => {
      if (!destroyed) await db.destroy();
    });
    const { url } = await service({}, (app) =>
      app.lifecycle.addReadinessCheck('database', () => sql`select 1`.execute(db)),
    );
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });

    await db.destroy();
    destroyed = true;
    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    // The reason is in the log, never in the answer.
    expect(await notReady.json()).toEqual({ status: 'not ready', checks: { database: 'failed' } });
  });

  it('counts a check that does not answer in time as a timeout', async () => {
    const { url } = await service({}, (app) => {
      app.lifecycle.addReadinessCheck('fast', async () => undefined);
      app.lifecycle.addReadinessCheck('hung', () => new Promise(() => undefined));
    });
    const answer = await fetch(`${url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: 'not ready', checks: { fast: 'ok', hung: 'timeout' } });
  });

  it('reports a check added with required: false without letting it decide the status', async () => {
    const { url } = await service({}, (app) => {
      app.lifecycle.addReadinessCheck('database', async () => undefined);
      app.lifecycle.addReadinessCheck('cart-api', async () => Promise.reject(new Error('down')), {
        required: false,
      });
      app.lifecycle.addReadinessCheck('identity-api', () => new Promise(() => undefined), {
        required: false,
      });
    });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', 'cart-api': 'failed', 'identity-api': 'timeout' },
    });
  });

  it('is not ready when a required check fails, whatever the optional ones say', async () => {
    const { url } = await service({}, (app) => {
      app.lifecycle.addReadinessCheck('database', async () => Promise.reject(new Error('down')));
      app.lifecycle.addReadinessCheck('cart-api', async () => undefined, { required: false });
    });
    const answer = await fetch(`${url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      status: 'not ready',
      checks: { database: 'failed', 'cart-api': 'ok' },
    });
  });
});

describe('Lifecycle', () => {
  it('does not start a check again while its earlier run is pending: timeout at once, until it settles', async () => {
    const { log, lines } = recordingLog();
    const lifecycle = new Lifecycle(log, 50);
    let calls = 0;
    let answer: () => void = () => undefined;
    // The first run hangs until the test answers it; the later ones answer at once.
    lifecycle.addReadinessCheck('database', () => {
      calls += 1;
      return calls === 1 ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve();
    });

    // Two probes at once share the one run.
    const [first, second] = await Promise.all([lifecycle.readiness(), lifecycle.readiness()]);
    expect(first).toEqual({ status: 'not ready', checks: { database: 'timeout' } });
    expect(second).toEqual(first);
    expect(calls).toBe(1);
    // The run is past its bound and still pending: later probes do not wait on it again.
    for (let probe = 0; probe < 3; probe += 1) {
      expect(await lifecycle.readiness()).toEqual({ status: 'not ready', checks: { database: 'timeout' } });
    }
    expect(calls).toBe(1);
    expect(lines).toContain('warn readiness check still running since an earlier probe');

    // Once it has settled, the next probe runs it again.
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await lifecycle.readiness()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(calls).toBe(2);
  });

  it('calls each drain listener once, when the drain starts (at once for one added later)', () => {
    const { log, lines } = recordingLog();
    const lifecycle = new Lifecycle(log);
    const told: string[] = [];
    lifecycle.onDrain(() => told.push('jobs'));
    lifecycle.onDrain(() => {
      throw new Error('broken listener');
    });
    lifecycle.onDrain(() => told.push('schedule'));
    expect(told).toEqual([]);

    lifecycle.drain();
    expect(lifecycle.draining).toBe(true);
    // A listener that throws is logged and does not keep the others from being told.
    expect(told).toEqual(['jobs', 'schedule']);
    expect(lines).toEqual(['error drain listener failed']);
    lifecycle.drain();
    expect(told).toEqual(['jobs', 'schedule']);
    lifecycle.onDrain(() => told.push('late'));
    expect(told).toEqual(['jobs', 'schedule', 'late']);
  });
});

/** A process whose signals the test sends and whose exit it awaits. */
function fakeProcess() {
  const emitter = new EventEmitter();
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const proc: ProcessLike = {
    once: (signal, listener) => emitter.once(signal, listener),
    exit: (code) => exited(code),
  };
  return { proc, exit, signal: (name: 'SIGTERM') => emitter.emit(name) };
}

/**
 * A GET on its own connection (or the agent's), answered with status, headers, body and whether it
 * went on a connection the agent kept open.
 */
function get(url: string, agent?: Agent) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string; reused: boolean }>(
    (resolve, reject) => {
      const request = httpRequest(url, { agent: agent ?? false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body,
            reused: request.reusedSocket,
          }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

/** Connected, with the start of a request sent: an open connection that is not idle. */
function startedRequest(port: number, path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

/** The rest of the request, then everything the server sends until it closes the connection. */
function finish(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.write('\r\n');
  });
}

describe('serve: SIGTERM drains', () => {
  it('finishes the request in flight, refuses new connections, answers readyz 503, runs the steps, exits 0', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const steps: string[] = [];
    const app = await createService({
      logger: false,
      exposeStackTraces: false,
      openApi: { title: 'tiny', version: '1' },
      metrics: {},
    });
    app.get('/slow', async () => {
      started();
      await gate;
      return { done: true };
    });
    app.lifecycle.addShutdownStep('jobs under way', async () => {
      steps.push('step');
    });
    app.addHook('onClose', async () => {
      steps.push('closed');
    });
    const { proc, exit, signal } = fakeProcess();
    let exited = false;
    void exit.then(() => (exited = true));
    closers.push(async () => {
      release();
      if (!exited) await app.close();
    });
    await serve(app, { port: 0, host: '127.0.0.1', name: 'tiny', process: proc, shutdownTimeoutMs: 30_000 });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;

    // An idle keep-alive connection must not hold the shutdown for its keep-alive timeout.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => keepAlive.destroy());
    expect((await get(`${url}/readyz`, keepAlive)).status).toBe(200);

    const slow = get(`${url}/slow`);
    await inFlight;
    const probe = await startedRequest(port, '/readyz');
    const startedAt = Date.now();
    signal('SIGTERM');

    // No new connection once draining.
    await expect(get(`${url}/readyz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // A request on a connection already open is answered: 503 draining, and the connection closes.
    const answer = await finish(probe);
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('{"status":"draining","checks":{}}');
    expect(steps).toEqual([]);

    release();
    const done = await slow;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toEqual({ done: true });
    expect(await exit).toBe(0);
    expect(steps).toEqual(['step', 'closed']);
    expect(Date.now() - startedAt).toBeLessThan(30_000);
  });

  it('closes what is still in flight at SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const app = await createService({
      logger: false,
      exposeStackTraces: false,
      openApi: { title: 'tiny', version: '1' },
      metrics: {},
    });
    app.get('/hung', async () => {
      started();
      await new Promise(() => undefined);
    });
    const { proc, exit, signal } = fakeProcess();
    await serve(app, { port: 0, host: '127.0.0.1', name: 'tiny', process: proc, shutdownTimeoutMs: 200 });
    const port = (app.server.address() as { port: number }).port;
    const hung = get(`http://127.0.0.1:${port}/hung`);
    await inFlight;
    signal('SIGTERM');
    await expect(hung).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await exit).toBe(0);
  });
});

describe('serve: SHUTDOWN_GRACE_MS', () => {
  it('keeps accepting and serving new connections for the grace (each answer closing it), then refuses them', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const app = await createService({
      logger: false,
      exposeStackTraces: false,
      openApi: { title: 'tiny', version: '1' },
      metrics: {},
    });
    app.get('/order/:orderId', async (request) => ({
      orderId: (request.params as { orderId: string }).orderId,
    }));
    app.get('/slow', async () => {
      started();
      await gate;
      return { done: true };
    });
    const drained: string[] = [];
    app.lifecycle.onDrain(() => drained.push('drain'));
    const { proc, exit, signal } = fakeProcess();
    let exited = false;
    void exit.then(() => (exited = true));
    closers.push(async () => {
      release();
      if (!exited) await app.close();
    });
    const graceMs = 2500;
    await serve(app, {
      port: 0,
      host: '127.0.0.1',
      name: 'tiny',
      process: proc,
      shutdownTimeoutMs: 30_000,
      shutdownGraceMs: graceMs,
    });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => keepAlive.destroy());
    expect((await get(`${url}/readyz`, keepAlive)).status).toBe(200);
    const slow = get(`${url}/slow`);
    await inFlight;

    jest.useFakeTimers(fakeTimeoutsOnly);
    signal('SIGTERM');
    expect(drained).toEqual(['drain']);
    // The balancer still sends for a while: a new connection is served, and told to close.
    const during = await get(`${url}/order/abc`);
    expect(during).toMatchObject({ status: 200, body: '{"orderId":"abc"}' });
    expect(during.headers.connection).toBe('close');
    const probe = await get(`${url}/readyz`);
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body)).toEqual({ status: 'draining', checks: {} });
    // An idle keep-alive connection is not swept during the grace: its next request is answered.
    const kept = await get(`${url}/order/kept`, keepAlive);
    expect(kept).toMatchObject({ status: 200, reused: true });
    expect(kept.headers.connection).toBe('close');

    await jest.advanceTimersByTimeAsync(graceMs - 1);
    expect((await get(`${url}/order/last`)).status).toBe(200);
    await jest.advanceTimersByTimeAsync(1);
    // The grace is over: the listener is closed, the request in flight still finishes.
    expect(app.server.listening).toBe(false);
    await expect(get(`${url}/readyz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(exited).toBe(false);
    release();
    expect((await slow).status).toBe(200);
    expect(await exit).toBe(0);
  });

  it('reads SHUTDOWN_GRACE_MS (0 by default) and SHUTDOWN_TIMEOUT_MS, refusing what is not whole milliseconds', () => {
    expect(shutdownGraceMs({})).toBe(0);
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_MS: '' })).toBe(0);
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_MS: '2500' })).toBe(2500);
    for (const bad of ['soon', '-1', '1.5', '2s']) {
      expect(() => shutdownGraceMs({ SHUTDOWN_GRACE_MS: bad })).toThrow(
        `SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got "${bad}"`,
      );
    }
    expect(shutdownTimeoutMs({})).toBe(10_000);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('serve() reads the grace from the environment when the options do not give it', async () => {
    const previous = process.env.SHUTDOWN_GRACE_MS;
    process.env.SHUTDOWN_GRACE_MS = 'later';
    try {
      const app: Servable = { listen: async () => '', close: async () => undefined, log: quiet };
      await expect(
        serve(app, { port: 0, host: '127.0.0.1', name: 'tiny', process: fakeProcess().proc }),
      ).rejects.toThrow(/SHUTDOWN_GRACE_MS/);
    } finally {
      if (previous === undefined) delete process.env.SHUTDOWN_GRACE_MS;
      else process.env.SHUTDOWN_GRACE_MS = previous;
    }
  });
});

const quiet = { info: () => undefined, error: () => undefined };

describe('serve: a shutdown that hangs', () => {
  it('exits 1 once SHUTDOWN_TIMEOUT_MS + SHUTDOWN_GRACE_MS + 5 s have passed since the signal', async () => {
    const errors: string[] = [];
    // app.close() never settles (an onClose hook stuck on a pool, say).
    const app: Servable = {
      listen: async () => 'http://127.0.0.1:1',
      close: () => new Promise(() => undefined),
      log: { info: () => undefined, error: (_object, message) => void errors.push(message) },
    };
    const { proc, exit, signal } = fakeProcess();
    let code: number | undefined;
    void exit.then((exitCode) => (code = exitCode));
    await serve(app, {
      port: 0,
      host: '127.0.0.1',
      name: 'tiny',
      process: proc,
      shutdownTimeoutMs: 1000,
      shutdownGraceMs: 500,
    });
    jest.useFakeTimers(fakeTimeoutsOnly);
    const timers = jest.spyOn(globalThis, 'setTimeout');
    signal('SIGTERM');
    // Its timer does not keep the process alive by itself.
    const hardStop = timers.mock.results.at(-1)!.value as unknown as NodeJS.Timeout;
    expect(hardStop.hasRef()).toBe(false);

    await jest.advanceTimersByTimeAsync(1000 + 500 + SHUTDOWN_MARGIN_MS - 1);
    expect(code).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(await exit).toBe(1);
    expect(errors).toEqual(['tiny shutdown did not finish in time: exiting']);
    expect(SHUTDOWN_MARGIN_MS).toBe(5000);
  });
});

describe('the request id on every line a request writes', () => {
  it("is on the handler's own lines, the error handler's, the readiness check's and the request's line", async () => {
    const lines: { msg: string; reqId?: string; level: number }[] = [];
    const app = await createService({
      logger: { level: 'debug', production: true, stream: { write: (line) => lines.push(JSON.parse(line)) } },
      exposeStackTraces: false,
      openApi: { title: 'tiny', version: '1' },
      metrics: {},
    });
    closers.push(() => app.close());
    app.get('/work', async (request) => {
      request.log.info('own line');
      throw new Error('broken');
    });
    app.lifecycle.addReadinessCheck('database', async () => {
      throw new Error('down');
    });
    await app.ready();
    await app.inject({ url: '/work', headers: { 'x-request-id': 'gateway-7' } });
    await app.inject({ url: '/readyz', headers: { 'x-request-id': 'gateway-8' } });
    const of = (id: string) => lines.filter((line) => line.reqId === id).map((line) => line.msg);
    expect(of('gateway-7')).toEqual(['own line', 'request failed', 'request completed']);
    expect(of('gateway-8')).toEqual(['readiness check failed', 'request completed']);
    // No line of these requests without their id.
    expect(lines.filter((line) => !line.reqId).map((line) => line.msg)).toEqual([]);
  });
});
