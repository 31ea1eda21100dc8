import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import { classifyUpstreamError } from '../../src/routes/api/index.js';
import {
  CSRF,
  PLANTED_RESPONSE_HEADERS,
  rawRequest,
  startEcho,
  tempDir,
  testConfig,
  type Echo,
  type EchoServer,
} from '../helpers.js';

/** What the proxy lets through in both directions, body limits, bad URLs and what it logs. */
describe('/api/* proxy hardening', () => {
  let cart: EchoServer;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const data = tempDir('hardening');

  beforeAll(async () => {
    cart = await startEcho('cart');
    app = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        // Discovery is lazy and these tests never sign in.
        IDENTITY_ISSUER: 'http://127.0.0.1:9/oidc',
        IDENTITY_URL: cart.url,
        CART_API_URL: cart.url,
        // Successful requests are logged at debug (issue 8 §8); this is about what any line may hold.
        LOG_LEVEL: 'debug',
      }),
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await cart?.close();
    data.remove();
  });

  it('forwards only allow-listed request headers: hop-by-hop and spoofable ones never go up', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/system-message',
      headers: {
        ...CSRF,
        accept: 'application/json',
        'accept-language': 'en-US',
        'if-none-match': '"v1"',
        'user-agent': 'jest-browser',
        expect: '100-continue',
        'keep-alive': 'timeout=5',
        upgrade: 'websocket',
        te: 'trailers',
        trailer: 'x-checksum',
        'proxy-authorization': 'Basic c2VjcmV0',
        'proxy-connection': 'keep-alive',
        'x-real-ip': '6.6.6.6',
        'true-client-ip': '6.6.6.6',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        forwarded: 'for=6.6.6.6',
        'x-custom': 'anything',
      },
    });
    expect(response.statusCode).toBe(200);
    const { headers } = response.json<Echo>();
    expect(headers).toMatchObject({
      accept: 'application/json',
      'accept-language': 'en-US',
      'if-none-match': '"v1"',
      'user-agent': 'jest-browser',
      'x-forwarded-for': '127.0.0.1',
    });
    for (const name of [
      'expect',
      'keep-alive',
      'upgrade',
      'te',
      'trailer',
      'proxy-authorization',
      'proxy-connection',
      'x-real-ip',
      'true-client-ip',
      'x-forwarded-host',
      'x-forwarded-proto',
      'forwarded',
      'x-custom',
      'x-csrf',
    ]) {
      expect({ name, value: headers[name] }).toEqual({ name, value: undefined });
    }
  });

  it('returns only allow-listed upstream headers; the gateway’s security headers win', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/system-message', headers: CSRF });
    expect(response.statusCode).toBe(200);
    for (const name of Object.keys(PLANTED_RESPONSE_HEADERS)) {
      expect({ name, value: response.headers[name] }).not.toEqual({
        name,
        value: PLANTED_RESPONSE_HEADERS[name as keyof typeof PLANTED_RESPONSE_HEADERS],
      });
    }
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['set-cookie2']).toBeUndefined();
    expect(response.headers['x-accel-redirect']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBe('"echo-1"');
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers 413 {message} for a body over the limit, declared or chunked, and forwards nothing', async () => {
    const before = cart.received.length;
    const big = JSON.stringify({ blob: 'x'.repeat(5 * 1024 * 1024) });
    const declared = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { ...CSRF, 'content-type': 'application/json' },
      payload: big,
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: GATEWAY_MESSAGES.bodyTooLarge });

    const chunked = await rawRequest(
      app,
      'POST',
      '/api/user',
      { ...CSRF, 'content-type': 'application/json' },
      JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ message: GATEWAY_MESSAGES.bodyTooLarge });

    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, 'content-type': 'application/json' },
      payload: big,
    });
    expect(login.statusCode).toBe(413);
    expect(login.json()).toEqual({ message: expect.any(String) });
    expect(cart.received.length).toBe(before);

    const small = await app.inject({
      method: 'POST',
      url: '/api/user',
      headers: CSRF,
      payload: { username: 'fits' },
    });
    expect(small.statusCode).toBe(200);
  });

  it('maps undici refusing a request to 400 {message}, never to a false 502', () => {
    const refused = Object.assign(new Error('invalid expect header'), { code: 'UND_ERR_INVALID_ARG' });
    expect(classifyUpstreamError(new Error('wrapped', { cause: refused }))).toEqual({
      status: 400,
      message: GATEWAY_MESSAGES.badRequest,
    });
    const refusedConnection = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyUpstreamError(new Error('wrapped', { cause: refusedConnection }))).toEqual({
      status: 502,
      message: GATEWAY_MESSAGES.unreachable,
    });
  });

  it('answers a malformed escape with the one error format', async () => {
    for (const path of ['/api/%u002e%u002e/x', '/api/user/%E0%A4%A']) {
      const response = await rawRequest(app, 'GET', path, CSRF);
      expect({ path, status: response.status, body: JSON.parse(response.body) as unknown }).toEqual({
        path,
        status: 400,
        body: { message: GATEWAY_MESSAGES.invalidPath },
      });
    }
  });

  it('never logs a one-time token', async () => {
    logLines.length = 0;
    const temporary = await app.inject({
      method: 'GET',
      url: '/api/temporary-user-token?token=SECRET-ONE&lang=en',
      headers: CSRF,
    });
    expect(temporary.statusCode).toBe(200);
    const link = await app.inject({
      method: 'POST',
      url: '/api/user/42/token/SECRET-TWO?access_token=SECRET-THREE',
      headers: CSRF,
      payload: { password: 'x' },
    });
    expect(link.statusCode).toBe(200);
    const log = logLines.join('');
    // One line per request, written when it is done (issue 8 §8: no more 'incoming request' lines).
    expect(log).toContain('request completed');
    expect(log).toContain('/api/temporary-user-token?token=[redacted]&lang=en');
    expect(log).toContain('/api/user/42/token/[redacted]?access_token=[redacted]');
    expect(log).not.toMatch(/SECRET/);
  });
});
