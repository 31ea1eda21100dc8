import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { metricSample } from 'service-kit/server';
import { buildApp } from '../src/app.js';
import { CSRF, identityEnv, tempDir, testConfig } from './helpers.js';

const PASSWORD = 'GoodPass2026';
const TOKEN = 'gateway-metrics-token-0123456789';

/** A cart-api stand-in: healthy, with one public path that fails (500) and one that hangs. */
async function faultyCart(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/system-message/config/refresh-token', async () => ({ enabled: true }));
  app.get('/system-message/config/app', async (_request, reply) => reply.code(500).send({ errorText: 'x' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: () => app.close(),
  };
}

/** A port nothing listens on: a server that was opened and closed again. */
async function closedPort(): Promise<string> {
  const app = Fastify();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  await app.close();
  return `http://127.0.0.1:${port}`;
}

/** The gateway's metrics and readiness (service-kit README "Metrics, readiness and shutdown"). */
describe('gateway metrics and /readyz', () => {
  let identity: TestIdentityApi;
  let cart: { url: string; close(): Promise<void> };
  const gateways: FastifyInstance[] = [];
  const data = tempDir('observability');

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'metrics.user', password: PASSWORD, roles: ['broker'] }],
    });
    cart = await faultyCart();
  });
  afterAll(async () => {
    for (const app of gateways) await app.close();
    await cart?.close();
    await identity?.close();
    data.remove();
  });

  async function gateway(env: Record<string, string> = {}) {
    const app = await buildApp(
      testConfig({
        DATA_DIR: `${data.path}/${gateways.length}`,
        METRICS_TOKEN: TOKEN,
        LOGIN_RATE_LIMIT: '3',
        ...identityEnv(identity, { accounts: identity.url, cart: cart.url }),
        ...env,
      }),
    );
    gateways.push(app);
    return app;
  }
  const scrape = async (app: FastifyInstance) => {
    const answer = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };
  const login = (app: FastifyInstance, password: string) =>
    app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'metrics.user', password },
    });

  it('serves /metrics on its public port only with the token', async () => {
    const app = await gateway();
    const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
    const refused = await app.inject({ method: 'GET', url: '/metrics' });
    // Exactly what any unknown path answers (the shell): nothing says metrics are here.
    expect([refused.statusCode, refused.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(await scrape(app)).toContain('http_request_duration_seconds');
  });

  it('counts sign-ins by outcome: success, refused with its reason, throttled', async () => {
    const app = await gateway();
    expect((await login(app, PASSWORD)).statusCode).toBe(200);
    expect((await login(app, 'WrongPass2026')).json()).toMatchObject({ error: 'invalid' });
    expect((await login(app, 'WrongPass2026')).statusCode).toBe(400);
    expect((await login(app, PASSWORD)).statusCode).toBe(429);
    const text = await scrape(app);
    const count = (labels: Record<string, string>) => metricSample(text, 'sign_ins_total', labels);
    expect(count({ via: 'password', outcome: 'success' })).toBe(1);
    expect(count({ via: 'password', outcome: 'refused', reason: 'invalid' })).toBe(2);
    expect(count({ via: 'password', outcome: 'throttled' })).toBe(1);
    expect(
      metricSample(text, 'http_request_duration_seconds_count', { route: '/bff/login', status_code: '429' }),
    ).toBe(1);
  });

  it('counts upstream errors by upstream and kind', async () => {
    const app = await gateway();
    const failed = await app.inject({ method: 'GET', url: '/api/system-message/config/app', headers: CSRF });
    expect(failed.statusCode).toBe(500);
    const down = await gateway({ CART_API_URL: await closedPort() });
    expect(
      (await down.inject({ method: 'GET', url: '/api/system-message/config/app', headers: CSRF })).statusCode,
    ).toBe(502);
    expect(metricSample(await scrape(app), 'upstream_errors_total', { upstream: 'cart', kind: '5xx' })).toBe(
      1,
    );
    const text = await scrape(down);
    expect(
      metricSample(text, 'upstream_errors_total', { upstream: 'cart', kind: 'connection_refused' }),
    ).toBe(1);
    // The route label is the proxy's pattern, never the path asked for.
    expect(text).not.toContain('system-message/config/app"');
  });

  it('is ready while Redis and its database answer; an API that is away is reported, not required', async () => {
    const app = await gateway({ REDIS_URL: 'redis://127.0.0.1:6379' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      {
        status: 'ready',
        checks: { 'identity-api': 'ok', 'cart-api': 'ok', redis: 'ok', database: 'ok' },
      },
    ]);
    const noRedis = await gateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    const notReady = await noRedis.inject({ method: 'GET', url: '/readyz' });
    expect([notReady.statusCode, notReady.json()]).toMatchObject([503, { status: 'not ready' }]);
    expect(notReady.json<{ checks: Record<string, string> }>().checks.redis).not.toBe('ok');

    const noCart = await gateway({ CART_API_URL: await closedPort() });
    const cartDown = await noCart.inject({ method: 'GET', url: '/readyz' });
    // Away for every gateway alike: taking them all out of the balancer would take the site down.
    expect([cartDown.statusCode, cartDown.json()]).toEqual([
      200,
      { status: 'ready', checks: { 'identity-api': 'ok', 'cart-api': 'failed', database: 'ok' } },
    ]);
    // Liveness keeps its contract.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
