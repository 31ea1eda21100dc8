import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { buildApp } from '../../src/app.js';
import { CSRF, identityEnv, sessionCookieOf, tempDir, testConfig, withSession } from '../helpers.js';

const PASSWORD = 'GoodPass2026';

// cart-api decorates `app.identity` (its link to identity-api) as the gateway does (its OIDC client):
// loaded by a computed specifier, so this package's type check never compiles cart-api's sources.
const cartApi: string = 'cart-api';
const { buildApp: buildCartApi } = (await import(`${cartApi}/app`)) as {
  buildApp(config: unknown, options: { logger: unknown }): Promise<FastifyInstance>;
};
const { loadConfig: cartConfig } = (await import(`${cartApi}/config`)) as {
  loadConfig(env: NodeJS.ProcessEnv): unknown;
};

/** The request ids of a service's JSON log lines. */
const idsIn = (lines: string[]) =>
  new Set(lines.map((line) => (JSON.parse(line) as { reqId?: string }).reqId).filter(Boolean));

describe('one request id across the gateway, identity-api and cart-api (issue 8 §8)', () => {
  const logs = { gateway: [] as string[], identity: [] as string[], cart: [] as string[] };
  const sink = (lines: string[]) => ({ write: (line: string) => void lines.push(line) });
  let identity: TestIdentityApi;
  let cartDb: TestDatabase;
  let cart: FastifyInstance;
  let gateway: FastifyInstance;
  const data = tempDir('request-id');

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'trace.broker', password: PASSWORD, roles: ['broker'] }],
      env: { LOG_LEVEL: 'debug' },
      logStream: sink(logs.identity),
    });
    cartDb = await createTestDatabase();
    cart = await buildCartApi(
      cartConfig({
        NODE_ENV: 'test',
        DATABASE_URL: cartDb.url,
        IDENTITY_ISSUER: identity.issuer,
        LOG_LEVEL: 'debug',
      }),
      { logger: { level: 'debug', production: true, stream: sink(logs.cart) } },
    );
    await cart.listen({ port: 0, host: '127.0.0.1' });
    const address = cart.server.address();
    const cartUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    gateway = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        LOG_LEVEL: 'debug',
        ...identityEnv(identity, { accounts: identity.url, cart: cartUrl }),
      }),
      { logStream: sink(logs.gateway) },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await cart?.close();
    await cartDb?.drop();
    await identity?.close();
    data.remove();
  });

  it("the gateway's health check: its id is on the lines of all three services", async () => {
    const answer = await gateway.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-health-1' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe('trace-health-1');
    expect(idsIn(logs.gateway)).toContain('trace-health-1');
    expect(idsIn(logs.identity)).toContain('trace-health-1');
    expect(idsIn(logs.cart)).toContain('trace-health-1');
  });

  it('a proxied call: the id the gateway gave it is on its lines in the gateway and in cart-api', async () => {
    const login = await gateway.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'trace.broker', password: PASSWORD },
    });
    const cookie = sessionCookieOf(login)!;
    const { userId } = login.json() as { userId: string };
    const answer = await gateway.inject({
      method: 'GET',
      url: `/api/shopping-cart/${userId}/count/saved-for-later`,
      headers: withSession(cookie),
    });
    expect(answer.statusCode).toBe(200);
    const id = String(answer.headers['x-request-id']);
    expect(id).toMatch(/^[\w.:-]+$/);
    expect(idsIn(logs.gateway)).toContain(id);
    expect(idsIn(logs.cart)).toContain(id);
  });
});
