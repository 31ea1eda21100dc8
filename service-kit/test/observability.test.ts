import { afterEach, describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { createService, type Service } from '../src/index.js';
import {
  createDatabase,
  createTestDatabase,
  metricsSettings,
  serve,
  type MetricsSettings,
  type ProcessLike,
} from '../src/server/index.js';

const TOKEN = 'metrics-token-0123456789abcdef';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

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

/** A GET on its own connection, answered with status, headers and body. */
function get(url: string, agent?: Agent) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = httpRequest(url, { agent: agent ?? false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
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
  it('finishes the request in flight, refuses new connections, answers readyz 503, releases, exits 0', async () => {
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
    app.lifecycle.addShutdownStep('release leases', async () => {
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
