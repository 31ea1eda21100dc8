import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import { CSRF, sessionCookieOf, startGateway, withSession, type GatewayHarness } from '../helpers.js';

const PASSWORD = 'GoodPass2026';
/** The hostile body: 1 MB of JSON, under the 1 MiB BODY_LIMIT, refused before it is read. */
const BIG_BODY = Buffer.from(JSON.stringify({ filler: 'a'.repeat(1_000_000 - 14) }));
/**
 * How long the small request after it may take. A connection left with an unread body waited for
 * Fastify's keep-alive timeout (72 s); a healthy one answers in milliseconds. 5 s is far from both,
 * also on a busy CI machine, and lets a failing run fail fast.
 */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The local port of the socket it travelled on: the same port means the same connection. */
  localPort: number | undefined;
}

/** One request through `agent`, with its whole answer. */
function send(
  agent: Agent,
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: {
          ...options.headers,
          ...(options.body && {
            'content-type': options.headers?.['content-type'] ?? 'application/json',
            'content-length': String(options.body.length),
          }),
        },
      },
      (response) => {
        const localPort = response.socket.localPort;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, localPort }),
        );
        response.on('error', reject);
      },
    );
    // A refusal that closes the connection may cut the upload short: the answer already came.
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/**
 * The refused 1 MB request, then a small one on the same keep-alive connection (one socket at most):
 * the second must be answered at once, whether the gateway read the rest of the first body or closed
 * the connection after its answer.
 */
async function refusedThenNext(
  port: number,
  refused: { method: string; path: string; headers: Record<string, string> },
): Promise<{ first: Answer; next: Answer }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let timer: NodeJS.Timeout | undefined;
  try {
    const first = await send(agent, port, { ...refused, body: BIG_BODY });
    const stuck = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`the next request on the connection got no answer within ${ANSWER_WITHIN_MS} ms`)),
        ANSWER_WITHIN_MS,
      );
    });
    const next = await Promise.race([
      send(agent, port, { method: 'GET', path: '/bff/user', headers: { ...CSRF } }),
      stuck,
    ]);
    return { first, next };
  } finally {
    clearTimeout(timer);
    // Also the stuck socket of a failing run: nothing is left open.
    agent.destroy();
  }
}

/** The rest of the body was read and thrown away: the next request travelled on the same connection. */
function expectDrained(first: Answer, next: Answer) {
  expect(first.headers.connection).not.toBe('close');
  expect(next.status).toBe(401);
  expect(next.localPort).toBe(first.localPort);
}

function portOf(harness: GatewayHarness): number {
  return (harness.app.server.address() as AddressInfo).port;
}

/**
 * Issue 21 item 3: a reply sent before the body was read (401 for a guest, 403 CSRF, 413, 415, 429,
 * 400 for a bad path, 502 when cart-api is away) leaves the connection usable: the rest of the body is
 * read and thrown away, or the connection is closed after the answer (`Connection: close`).
 */
describe('early refusals leave the keep-alive connection usable', () => {
  let gateway: GatewayHarness;
  let small: GatewayHarness;
  let cookie: string;

  beforeAll(async () => {
    gateway = await startGateway('early-refusals', {
      users: [{ username: 'early.user', password: PASSWORD, roles: ['employer'] }],
      env: { PAGE_VIEW_RATE_LIMIT: '1' },
    });
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await gateway.app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'early.user', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = sessionCookieOf(login)!;
    // A body limit under the 1 MB body: the declared length is refused (413) before anything is read.
    small = await startGateway('early-refusals-413', { env: { BODY_LIMIT: String(512 * 1024) } });
    await small.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // A connection stuck on an unread body (a failing run) would hold close() for 72 s.
    gateway?.app.server.closeAllConnections();
    small?.app.server.closeAllConnections();
    await gateway?.close();
    await small?.close();
  });

  it('answers the next request after a guest’s 401', async () => {
    const { first, next } = await refusedThenNext(portOf(gateway), {
      method: 'POST',
      path: '/api/shopping-cart/u1/item',
      headers: { ...CSRF },
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([401, { message: GATEWAY_MESSAGES.notSignedIn }]);
    expectDrained(first, next);
  });

  it('answers the next request after a 403 without X-CSRF', async () => {
    const { first, next } = await refusedThenNext(portOf(gateway), {
      method: 'POST',
      path: '/api/shopping-cart/u1/item',
      headers: {},
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([403, { message: GATEWAY_MESSAGES.csrfMissing }]);
    expectDrained(first, next);
  });

  it('answers the next request after a 415 for a body that is not JSON', async () => {
    const { first, next } = await refusedThenNext(portOf(gateway), {
      method: 'POST',
      path: '/api/shopping-cart/u1/item',
      headers: { ...CSRF, 'content-type': 'text/plain' },
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([415, { message: GATEWAY_MESSAGES.jsonRequired }]);
    expectDrained(first, next);
  });

  it('answers the next request after a 400 for a path it refuses', async () => {
    const { first, next } = await refusedThenNext(portOf(gateway), {
      method: 'POST',
      path: '/api/x/%2e%2e/order',
      headers: { ...CSRF },
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([400, { message: GATEWAY_MESSAGES.invalidPath }]);
    expectDrained(first, next);
  });

  it('answers the next request after a 429', async () => {
    const agent = new Agent({ keepAlive: false });
    // The one page view of the minute (PAGE_VIEW_RATE_LIMIT=1)...
    const allowed = await send(agent, portOf(gateway), {
      method: 'POST',
      path: '/api/page-view',
      headers: { ...CSRF },
      body: Buffer.from('{"path":"/"}'),
    });
    agent.destroy();
    expect(allowed.status).toBe(200);
    // ...so this one is refused before its body is read.
    const { first, next } = await refusedThenNext(portOf(gateway), {
      method: 'POST',
      path: '/api/page-view',
      headers: { ...CSRF },
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([
      429,
      { message: ACCOUNT_MESSAGES.tooManyAttempts },
    ]);
    expectDrained(first, next);
  });

  it('answers the next request after a 413 (the connection closes)', async () => {
    const { first, next } = await refusedThenNext(portOf(small), {
      method: 'POST',
      path: '/api/shopping-cart/u1/item',
      headers: { ...CSRF },
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([413, { message: GATEWAY_MESSAGES.bodyTooLarge }]);
    expect(first.headers.connection).toBe('close');
    expect(next.status).toBe(401);
  });

  it('answers the next request after a signed-in user’s 502 (cart-api away)', async () => {
    await gateway.cart.close();
    const { first, next } = await refusedThenNext(portOf(gateway), {
      method: 'POST',
      path: '/api/shopping-cart/u1/item',
      headers: withSession(cookie),
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([502, { message: GATEWAY_MESSAGES.unreachable }]);
    expectDrained(first, next);
  });
});
