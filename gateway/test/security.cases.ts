import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { GATEWAY_MESSAGES } from '../src/messages.js';
import { SESSION_COOKIE } from '../src/plugins/external/session.js';
import { CSRF, withSession, type EchoServer, startGateway, type GatewayHarness } from './helpers.js';

const PASSWORD = 'GoodPass2026';

describe('the security model at the edge', () => {
  let cart: EchoServer;
  let app: FastifyInstance;
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await startGateway('security', {
      users: [{ username: 'sec.user', password: PASSWORD, roles: ['employer'] }],
      accounts: 'echo',
      shell: true,
    });
    ({ cart, app } = harness);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses /bff/* and /api/* without X-CSRF: 1, before any upstream sees them', async () => {
    const before = cart.received.length;
    for (const [method, url] of [
      ['GET', '/api/system-message'],
      ['GET', '/bff/user'],
      ['POST', '/bff/login'],
      ['POST', '/bff/logout'],
    ] as const) {
      for (const headers of [{}, { 'x-csrf': '0' }]) {
        const response = await app.inject({ method, url, headers });
        expect({ method, url, status: response.statusCode, body: response.json() }).toEqual({
          method,
          url,
          status: 403,
          body: { message: GATEWAY_MESSAGES.csrfMissing },
        });
      }
    }
    // A CORS preflight finds nothing to grant.
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/order',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-csrf',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(cart.received.length).toBe(before);
  });

  it('takes only JSON bodies on writes (415 for a form post or text/plain), but writes without a body pass', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=sec.user&password=GoodPass2026',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: GATEWAY_MESSAGES.jsonRequired });
    const text = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { ...CSRF, 'content-type': 'text/plain' },
      payload: '{"username":"x"}',
    });
    expect(text.statusCode).toBe(415);
    const multipart = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...CSRF, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(multipart.statusCode).toBe(415);
    const empty = await app.inject({ method: 'POST', url: '/bff/logout', headers: CSRF });
    expect(empty.statusCode).toBe(204);
  });

  it('refuses writes from a foreign Origin and grants no CORS', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { username: 'sec.user', password: PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: GATEWAY_MESSAGES.foreignOrigin });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const same = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { username: 'sec.user', password: PASSWORD },
    });
    expect(same.statusCode).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets the session cookie __Host-, HttpOnly, Secure, SameSite=Strict, Path=/ even over plain http', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'sec.user', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(header).toHaveLength(1);
    const cookie = header[0]!;
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const attributes = cookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'httponly', 'secure', 'samesite=strict']));
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    // An opaque random id, signed: nothing readable in it.
    const value = cookie.slice(SESSION_COOKIE.length + 1).split(';', 1)[0]!;
    expect(decodeURIComponent(value)).toMatch(/^[\w-]{32}\.[\w+/=-]+$/);
  });

  it('sends no-store on /bff/* and /api/*', async () => {
    const bff = await app.inject({ method: 'GET', url: '/bff/user', headers: CSRF });
    expect(bff.headers['cache-control']).toBe('no-store');
    const api = await app.inject({ method: 'GET', url: '/api/system-message', headers: CSRF });
    expect(api.headers['cache-control']).toBe('no-store');
    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'sec.user', password: 'WrongPass2026' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers with the CSP the Module Federation shell needs', async () => {
    for (const url of ['/', '/api/system-message', '/remotes.json']) {
      const response = await app.inject({ method: 'GET', url, headers: { ...CSRF, accept: 'text/html' } });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
          "connect-src 'self';font-src 'self' data:;object-src 'none';frame-ancestors 'none';base-uri 'self'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers a guest with a cookie it does not know as a guest', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/bff/user',
      headers: withSession('forged.value'),
    });
    expect(response.statusCode).toBe(401);
  });
});
