import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { buildApp } from '../src/app.js';
import { bffOpenApi } from '../src/lib/bff-openapi.js';
import { CSRF, identityEnv, sessionCookieOf, tempDir, testConfig, withSession } from './helpers.js';

const PASSWORD = 'GoodPass2026';

const documentOf = (paths: Record<string, unknown>, messageError: unknown) => ({
  openapi: '3.1.0',
  info: { title: 'service', version: '1' },
  paths,
  // The services' MessageError (service-kit's), which the gateway's /bff document has too.
  components: { schemas: { MessageError: messageError } },
});
const operation = (summary: string) => ({ get: { summary, responses: { 200: { description: 'ok' } } } });

/** An upstream serving its OpenAPI document (and the refresh-token setting the gateway reads at start). */
async function upstream(document: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/system-message/config/refresh-token', async () => ({ enabled: true }));
  app.get('/openapi.json', async () => document);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => app.close(),
  };
}

describe('/api/openapi.json and /api/docs', () => {
  let identity: TestIdentityApi;
  let accounts: { url: string; close(): Promise<void> };
  let cart: { url: string; close(): Promise<void> };
  const apps: FastifyInstance[] = [];
  const data = tempDir('docs');

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [
        { username: 'docs.officer', password: PASSWORD, roles: ['compliance'] },
        { username: 'docs.broker', password: PASSWORD, roles: ['broker'] },
      ],
    });
    const messageError = (await bffOpenApi()).components?.schemas?.MessageError;
    accounts = await upstream(
      documentOf({ '/user/{userId}': operation('A profile'), '/healthz': operation('health') }, messageError),
    );
    cart = await upstream(
      documentOf(
        {
          '/order/': operation('Orders'),
          '/user/{userId}/linked-user': operation('not routed here'),
        },
        messageError,
      ),
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await accounts?.close();
    await cart?.close();
    await identity?.close();
    data.remove();
  });

  async function gateway(env: Record<string, string> = {}) {
    const app = await buildApp(
      testConfig({
        DATA_DIR: `${data.path}/${apps.length}`,
        ...identityEnv(identity, { accounts: accounts.url, cart: cart.url }),
        ...env,
      }),
    );
    apps.push(app);
    return app;
  }

  async function signIn(app: FastifyInstance, username: string) {
    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username, password: PASSWORD },
    });
    return sessionCookieOf(login)!;
  }

  it('outside production: one document with the paths the browser calls, and Swagger UI', async () => {
    const app = await gateway();
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    // Only what the routing table sends to each service; a prefix's root without its trailing slash;
    // and the gateway's own /bff routes.
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/order',
      '/api/user/{userId}',
      '/bff/auth',
      '/bff/callback',
      '/bff/external/login',
      '/bff/login',
      '/bff/logout',
      '/bff/user',
    ]);
    expect(document.paths['/api/order'].get.responses).toHaveProperty('504');
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    const ui = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(ui.json().paths)).toEqual(expect.arrayContaining(['/api/order', '/bff/login']));
  });

  it('in production: 404 unless API_DOCS=on, and then for compliance sessions only', async () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(48),
      OIDC_CLIENT_SECRET: identity.clientSecret,
    };
    const closed = await gateway(production);
    expect((await closed.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    expect((await closed.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);

    const open = await gateway({ ...production, API_DOCS: 'on' });
    expect((await open.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    const broker = await signIn(open, 'docs.broker');
    expect(
      (await open.inject({ method: 'GET', url: '/api/openapi.json', headers: withSession(broker) }))
        .statusCode,
    ).toBe(404);
    const officer = await signIn(open, 'docs.officer');
    const answer = await open.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: withSession(officer),
    });
    expect(answer.statusCode).toBe(200);
    expect(
      (await open.inject({ method: 'GET', url: '/api/docs/', headers: withSession(officer) })).statusCode,
    ).toBe(200);
  });
});
