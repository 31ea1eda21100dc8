import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ConfigError } from '../../src/config.js';
import { CSRF, startEcho, tempDir, testConfig, type Echo, type EchoServer } from '../helpers.js';

describe('TRUST_PROXY', () => {
  let cart: EchoServer;
  const apps: FastifyInstance[] = [];
  const data = tempDir('trust');

  beforeAll(async () => {
    cart = await startEcho('cart');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cart?.close();
    data.remove();
  });

  async function gateway(trustProxy?: string) {
    const app = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        IDENTITY_ISSUER: 'http://127.0.0.1:9/oidc',
        IDENTITY_URL: cart.url,
        CART_API_URL: cart.url,
        LOGIN_RATE_LIMIT: '1',
        TRUST_PROXY: trustProxy,
      }),
    );
    apps.push(app);
    return app;
  }

  it('is off by default and takes a hop count or proxy addresses; anything else is refused', () => {
    expect(testConfig({ DATA_DIR: data.path }).trustProxy).toBe(false);
    expect(testConfig({ DATA_DIR: data.path, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(testConfig({ DATA_DIR: data.path, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      testConfig({ DATA_DIR: data.path, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
    for (const bad of ['true', 'loopback-ish', '10.0.0.1/33', '-1']) {
      expect(() => testConfig({ DATA_DIR: data.path, TRUST_PROXY: bad })).toThrow(ConfigError);
    }
  });

  const login = (app: FastifyInstance, clientAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: { ...CSRF, 'x-forwarded-for': clientAddress },
      payload: { username: 'nobody', password: 'x' },
    });

  it('behind a trusted proxy counts login attempts per client address, not per proxy', async () => {
    const app = await gateway('1');
    expect((await login(app, '203.0.113.1')).statusCode).not.toBe(429);
    expect((await login(app, '203.0.113.2')).statusCode).not.toBe(429);
    expect((await login(app, '203.0.113.1')).statusCode).toBe(429);

    const upstream = await app.inject({
      method: 'GET',
      url: '/api/system-message',
      headers: { ...CSRF, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(upstream.json<Echo>().headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('behind a trusted proxy checks Origin against the forwarded host', async () => {
    const logout = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/bff/logout',
        headers: {
          ...CSRF,
          host: '10.0.0.5:3000',
          origin: 'https://pop.example',
          'x-forwarded-host': 'pop.example',
        },
      });
    expect((await logout(await gateway('1'))).statusCode).toBe(204);
    expect((await logout(await gateway())).statusCode).toBe(403);
  });

  it('without it, the socket address is the client: a forwarded address changes nothing', async () => {
    const app = await gateway();
    expect((await login(app, '203.0.113.1')).statusCode).not.toBe(429);
    expect((await login(app, '203.0.113.2')).statusCode).toBe(429);
  });
});
