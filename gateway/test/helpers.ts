import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { startIdentityApi, type TestIdentityApi, type TestUserInput } from 'identity-api/testing';
import { buildApp } from '../src/app.js';
import { loadConfig, type GatewayConfig } from '../src/config.js';
import { createIdentityClient, type IdentityClient } from '../src/plugins/app/identity-client.js';
import { SESSION_COOKIE } from '../src/plugins/external/session.js';

/** What the echo upstream saw. */
export interface Echo {
  upstream: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface EchoServer {
  url: string;
  received: Echo[];
  close(): Promise<void>;
}

export const PLANTED_RESPONSE_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  location: 'https://evil.example/',
  'set-cookie2': 'upstream=planted',
  'x-accel-redirect': '/internal/secret',
  'content-security-policy': "default-src *; script-src * 'unsafe-eval'",
  'x-frame-options': 'ALLOWALL',
  'strict-transport-security': 'max-age=0',
  'referrer-policy': 'unsafe-url',
} as const;

const REFRESH_SETTING_PATH = '/system-message/config/refresh-token';

/**
 * The gateway's own start-up call for the refresh-token setting (not proxied: no x-forwarded-for). A
 * fake cart-api answers it as the real one does, and leaves it out of what it counts: unanswered, the
 * gateway retries it in the background at any moment of a test.
 */
export function isRefreshSettingCall(request: FastifyRequest): boolean {
  return request.url === REFRESH_SETTING_PATH && request.headers['x-forwarded-for'] === undefined;
}

/**
 * A tiny upstream that answers what it received (method, url, headers, body) as JSON, and tries to
 * plant a cookie and its own cache policy on the way back.
 */
export async function startEcho(name: string, options: { healthy?: boolean } = {}): Promise<EchoServer> {
  const app: FastifyInstance = Fastify();
  const received: Echo[] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.get('/healthz', async (_request, reply) =>
    options.healthy === false ? reply.code(500).send({ status: 'down' }) : { status: 'ok' },
  );
  app.all('/*', async (request, reply) => {
    // Answered, not recorded: tests that count what reached the upstream see the browser's requests.
    if (isRefreshSettingCall(request)) return { enabled: true };
    const echo: Echo = {
      upstream: name,
      method: request.method,
      url: request.raw.url ?? '',
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    };
    received.push(echo);
    reply.header('set-cookie', 'upstream=planted; Path=/');
    reply.header('cache-control', 'public, max-age=600');
    // What no upstream answer may carry to the browser (the gateway lets through an allow-list).
    for (const [name, value] of Object.entries(PLANTED_RESPONSE_HEADERS)) reply.header(name, value);
    reply.header('etag', '"echo-1"');
    return echo;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, received, close: () => app.close() };
}

/**
 * `check`'s value once it passes: for what a server finishes in the background (a renewal, a retry),
 * checked again every 25 ms instead of after a fixed sleep that a loaded machine overruns. After
 * `timeoutMs` its last failure is thrown.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `gateway-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The shared singletons' versions a fake shell provides and a fake remote build records. */
export const SHARED_VERSIONS = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router': '7.18.5',
  'react-router-dom': '7.18.5',
  swr: '2.5.1',
  'shared-ui': '1.0.0',
  '@module-federation/enhanced': '2.9.2',
};

/** A shell build with an index.html, one hashed asset and the versions it provides (pop-shell.json). */
export function fakeShell(dir: string, shared: Record<string, string> = SHARED_VERSIONS): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>POP</title><div id="root"></div>');
  writeFileSync(join(dir, 'main.1a2b3c4d5e.js'), 'console.log("shell")');
  writeFileSync(join(dir, 'favicon.ico'), 'icon');
  writeFileSync(join(dir, 'pop-shell.json'), JSON.stringify({ shared }));
  return dir;
}

/**
 * The settings that point a gateway at a test identity-api (issuer and client secret) and at its two
 * upstreams: `accounts` for identity-api's account routes, `cart` for everything else.
 */
export function identityEnv(
  identity: Pick<TestIdentityApi, 'issuer' | 'clientSecret'>,
  upstreams: { accounts: string; cart: string },
): Record<string, string> {
  return {
    IDENTITY_ISSUER: identity.issuer,
    OIDC_CLIENT_SECRET: identity.clientSecret,
    IDENTITY_URL: upstreams.accounts,
    CART_API_URL: upstreams.cart,
  };
}

export function testConfig(env: Record<string, string | undefined>): GatewayConfig {
  return loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', ...env });
}

/** The headers of a same-origin fetch of the shell. */
export const CSRF = { 'x-csrf': '1' } as const;

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

/** The store id inside a signed cookie value (`<id>.<signature>`). */
export function sessionIdOf(cookieValue: string): string {
  return cookieValue.slice(0, cookieValue.lastIndexOf('.'));
}

export function withSession(
  cookieValue: string,
  headers: Record<string, string> = {},
): Record<string, string> {
  return { ...CSRF, cookie: `${SESSION_COOKIE}=${cookieValue}`, ...headers };
}

/**
 * A request over a real socket with the path byte for byte: fastify.inject (WHATWG URL) would
 * already resolve `%2e%2e` segments, a browser or curl --path-as-is does not.
 */
export async function rawRequest(
  app: FastifyInstance,
  method: string,
  path: string,
  headers: Record<string, string>,
  /** Sent chunked (no Content-Length). */
  body?: string,
): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

/** A gateway on a fresh DATA_DIR in front of a real identity-api and an echo cart-api. */
export interface GatewayHarness {
  identity: TestIdentityApi;
  cart: EchoServer;
  app: FastifyInstance;
  data: { path: string; remove(): void };
  close(): Promise<void>;
}

export async function startGateway(
  name: string,
  options: {
    users?: TestUserInput[];
    /** Where the account routes (`user…`) go: the real identity-api, or the cart echo. */
    accounts?: 'identity' | 'echo';
    env?: Record<string, string>;
    /** Serve a fake shell build (fakeShell) from the data folder. */
    shell?: boolean;
  } = {},
): Promise<GatewayHarness> {
  const data = tempDir(name);
  const identity = await startIdentityApi({ users: options.users ?? [] });
  const cart = await startEcho('cart');
  const accounts = options.accounts === 'echo' ? cart.url : identity.url;
  const app = await buildApp(
    testConfig({
      DATA_DIR: data.path,
      ...identityEnv(identity, { accounts, cart: cart.url }),
      ...(options.shell && { SHELL_DIR: fakeShell(`${data.path}/shell`) }),
      ...options.env,
    }),
  );
  return {
    identity,
    cart,
    app,
    data,
    async close() {
      await app.close();
      await cart.close();
      await identity.close();
      data.remove();
    },
  };
}

/** identity-api's real client, counting the refresh grants sent through it (share it to count for several gateways). */
export function countingIdentity(identity: Pick<TestIdentityApi, 'issuer' | 'clientId' | 'clientSecret'>): {
  client: IdentityClient;
  counter: { refreshes: number };
} {
  const real = createIdentityClient({
    issuer: identity.issuer,
    clientId: identity.clientId,
    clientSecret: identity.clientSecret,
  });
  const counter = { refreshes: 0 };
  const client: IdentityClient = {
    ...real,
    refreshGrant: (token, options) => {
      counter.refreshes += 1;
      return real.refreshGrant(token, options);
    },
  };
  return { client, counter };
}
