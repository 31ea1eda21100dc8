import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createService, type Service } from 'service-kit';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import { LIMITED_ROUTES, PUBLIC_ROUTES, type RouteLimit } from '../../src/routing.js';
import { sessionCookieOf, startGateway, CSRF, withSession, type GatewayHarness } from '../helpers.js';

const PASSWORD = 'GoodPass2026';

/** Every route with a per-address limit, from the routing table itself (not a hand-picked list). */
const LIMITED = [...PUBLIC_ROUTES, ...LIMITED_ROUTES].flatMap((route) =>
  route.limit === undefined ? [] : [{ method: route.method, pattern: route.pattern, limit: route.limit }],
);

const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/** `shopping-cart/:userId/promo-code/:code` → `shopping-cart/v1/promo-code/v2`. */
function concrete(pattern: string): string {
  let index = 0;
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? `v${++index}` : part))
    .join('/');
}

function percent(character: string, upper: boolean): string {
  const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex.toLowerCase()}`;
}

interface Variant {
  label: string;
  /** The request target sent to the gateway, byte for byte. */
  target: string;
  /**
   * The path the service receives if the gateway forwards it (`/api` stripped), to ask the service's
   * router whether it is the limited route; undefined when the gateway's own router never sends it
   * to the proxy (a case-changed or doubled `/api` prefix).
   */
  servicePath: string | undefined;
}

/**
 * What a hostile client may send instead of `/api/<path>`: each unreserved character percent-encoded
 * (upper and lower hex, the `/api` prefix's too), all of them at once, doubled and trailing slashes,
 * empty parameters, case changes, `;` parameters, a fragment, a query, dot segments, a double
 * encoding and the absolute form.
 */
function variants(path: string, pattern: string, gatewayOrigin: string): Variant[] {
  const full = `/api/${path}`;
  const stripped = (target: string) => target.slice('/api'.length);
  const list: Variant[] = [];
  const add = (label: string, target: string, servicePath: string | null = stripped(target)) => {
    if (list.some((variant) => variant.target === target)) return;
    list.push({ label, target, servicePath: servicePath ?? undefined });
  };
  const inPrefix = (index: number) => index < '/api/'.length;
  for (let index = 0; index < full.length; index++) {
    const character = full[index]!;
    if (!UNRESERVED.test(character)) continue;
    for (const upper of [true, false]) {
      const target = full.slice(0, index) + percent(character, upper) + full.slice(index + 1);
      // In the prefix, the gateway's own router decodes it (once) and the proxy forwards the path after it.
      add(`"${character}" at ${index} encoded`, target, inPrefix(index) ? `/${path}` : stripped(target));
      const twice =
        full.slice(0, index) + percent(character, upper).replace('%', '%25') + full.slice(index + 1);
      add(`"${character}" at ${index} encoded twice`, twice, inPrefix(index) ? null : stripped(twice));
    }
  }
  for (const upper of [true, false]) {
    const encoded = [...path].map((c) => (UNRESERVED.test(c) ? percent(c, upper) : c)).join('');
    add(`the whole path encoded (${upper ? 'upper' : 'lower'} hex)`, `/api/${encoded}`);
    add(
      `the prefix encoded (${upper ? 'upper' : 'lower'} hex)`,
      `/${[...'api'].map((c) => percent(c, upper)).join('')}/${path}`,
      `/${path}`,
    );
  }
  for (let index = 0; index < full.length; index++) {
    if (full[index] !== '/') continue;
    const target = `${full.slice(0, index)}/${full.slice(index)}`;
    add(`slash at ${index} doubled`, target, index === 0 ? null : stripped(target));
  }
  add('a trailing slash', `${full}/`);
  const segments = path.split('/');
  const params = pattern.split('/').flatMap((part, index) => (part.startsWith(':') ? [index] : []));
  for (const index of params) {
    add(`parameter ${index} empty`, `/api/${segments.map((s, i) => (i === index ? '' : s)).join('/')}`);
  }
  if (params.length > 1) add('every parameter empty', `/api/${pattern.replace(/:[^/]+/g, '')}`);
  add('upper case', `/api/${path.toUpperCase()}`);
  add(
    'capitalised',
    `/api/${path.replace(/(^|\/)([a-z])/g, (_m, slash: string, c: string) => slash + c.toUpperCase())}`,
  );
  segments.forEach((segment, index) => {
    add(
      `segment ${index} upper case`,
      `/api/${segments.map((s, i) => (i === index ? s.toUpperCase() : s)).join('/')}`,
    );
    add(
      `segment ${index} with a ;parameter`,
      `/api/${segments.map((s, i) => (i === index ? `${s};x=1` : s)).join('/')}`,
    );
  });
  add('the prefix in upper case', `/API/${path}`, null);
  add('a fragment', `${full}#x`);
  add('a query', `${full}?x=1`);
  add('an encoded query mark', `${full}%3Fx=1`);
  add('a dot segment', `/api/./${path}`);
  add('a dot-dot segment', `/api/x/../${path}`);
  add('the absolute form', `${gatewayOrigin}${full}`, `/${path}`);
  return list;
}

/** One request over its own connection, the target byte for byte (no URL parsing on the way). */
function send(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const body = method === 'POST' ? '{}' : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The services' router as both services build it (service-kit's createService: Fastify's defaults,
 * find-my-way), with each limited route answering which route it is. It counts what the gateway
 * forwards; the test's own questions to it (`x-direct`) are not counted.
 */
async function startServiceTwin() {
  const service: Service = await createService({
    logger: false,
    exposeStackTraces: false,
    openApi: { title: 'twin', version: '0' },
  });
  const hits: string[] = [];
  service.get('/system-message/config/refresh-token', async () => ({ enabled: true }));
  for (const route of LIMITED) {
    service.route({
      method: route.method as 'GET' | 'POST',
      url: `/${route.pattern}`,
      handler: async (incoming) => {
        if (incoming.headers['x-direct'] === undefined) hits.push(`${route.method} ${route.pattern}`);
        return { route: route.pattern };
      },
    });
  }
  await service.listen({ port: 0, host: '127.0.0.1' });
  const port = (service.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hitsOf: (method: string, pattern: string) => hits.filter((hit) => hit === `${method} ${pattern}`).length,
    /** Whether the service's router runs `pattern`'s handler for this path. */
    async routes(method: string, path: string, pattern: string): Promise<boolean> {
      const answer = await send(port, method, path, { 'x-direct': '1' });
      return answer.status === 200 && answer.body.includes(`"route":"${pattern}"`);
    },
    close: () => service.close(),
  };
}

const LIMIT_ENV: Record<RouteLimit, string> = {
  'account-route': 'ACCOUNT_ROUTE_RATE_LIMIT',
  'page-view': 'PAGE_VIEW_RATE_LIMIT',
  payment: 'PAYMENT_RATE_LIMIT',
  'promo-code': 'PROMO_CODE_RATE_LIMIT',
};

/**
 * Issue 21 item 2: the per-address limits hold on the path the service routes, however it is spelled.
 * For every limited route, one address uses up its one call of the minute with the plain path; then
 * none of the variants may reach the route at the service, and each variant the service's router
 * would run as that route is answered 429 (counted) or 400 (refused) by the gateway.
 */
describe('per-address limits hold on the path the service routes', () => {
  let twin: Awaited<ReturnType<typeof startServiceTwin>>;
  let gateway: GatewayHarness;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    twin = await startServiceTwin();
    gateway = await startGateway('encoded-limits', {
      users: [{ username: 'hostile.user', password: PASSWORD, roles: ['employer'] }],
      env: {
        // Both services are the twin; sign-in is the real identity-api's.
        IDENTITY_URL: twin.url,
        CART_API_URL: twin.url,
        // Each route gets its own client address (X-Forwarded-For from the loopback "proxy").
        TRUST_PROXY: 'loopback',
        ...Object.fromEntries(Object.values(LIMIT_ENV).map((name) => [name, '1'])),
      },
    });
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    port = (gateway.app.server.address() as AddressInfo).port;
    const login = await gateway.app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'hostile.user', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = sessionCookieOf(login)!;
  });
  afterAll(async () => {
    await gateway?.close();
    await twin?.close();
  });

  it('drives every limited route of the routing table', () => {
    expect(LIMITED.map((route) => route.limit).sort()).toEqual(
      expect.arrayContaining(['account-route', 'page-view', 'payment', 'promo-code']),
    );
    // The literal segments are spelled in unreserved characters only: a percent-escape of an unreserved
    // character is the only way to spell them otherwise (the router is case-sensitive).
    for (const route of LIMITED) {
      for (const part of route.pattern.split('/')) {
        if (!part.startsWith(':')) expect([...part].every((c) => UNRESERVED.test(c))).toBe(true);
      }
    }
  });

  it.each(LIMITED.map((route, index) => [`${route.method} ${route.pattern}`, route, index] as const))(
    '%s: no spelling of the path gets past its limit',
    async (_name, route, index) => {
      const headers = withSession(cookie, { 'x-forwarded-for': `198.51.100.${index + 1}` });
      const path = concrete(route.pattern);
      // The one call of the minute.
      const plain = await send(port, route.method, `/api/${path}`, headers);
      expect([plain.status, plain.body]).toEqual([200, JSON.stringify({ route: route.pattern })]);
      expect(twin.hitsOf(route.method, route.pattern)).toBe(1);

      const passed: string[] = [];
      let routedByService = 0;
      for (const variant of variants(path, route.pattern, `http://127.0.0.1:${port}`)) {
        const before = twin.hitsOf(route.method, route.pattern);
        const answer = await send(port, route.method, variant.target, headers);
        const reached = twin.hitsOf(route.method, route.pattern) > before;
        const routed =
          variant.servicePath !== undefined &&
          (await twin.routes(route.method, variant.servicePath, route.pattern));
        if (routed) routedByService++;
        const stopped =
          (answer.status === 429 &&
            answer.body === JSON.stringify({ message: ACCOUNT_MESSAGES.tooManyAttempts })) ||
          (answer.status === 400 &&
            answer.body === JSON.stringify({ message: GATEWAY_MESSAGES.invalidPath }));
        if (reached || (routed && !stopped)) {
          passed.push(
            `${variant.label}: ${route.method} ${variant.target} → ${answer.status} ${answer.body}`,
          );
        }
      }
      expect(passed).toEqual([]);
      // The variants are real attacks: the service's router runs the route for many of them.
      expect(routedByService).toBeGreaterThan(path.replace(/[^A-Za-z0-9._~-]/g, '').length);
    },
  );
});
