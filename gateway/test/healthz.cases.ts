import { afterAll, describe, expect, it } from '@jest/globals';
import { buildApp } from '../src/app.js';
import { startEcho, tempDir, testConfig, type EchoServer } from './helpers.js';

describe('GET /healthz', () => {
  const data = tempDir('health');
  const servers: EchoServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    data.remove();
  });

  async function health(identityUrl: string, cartUrl: string) {
    const app = await buildApp(
      testConfig({ DATA_DIR: data.path, IDENTITY_URL: identityUrl, CART_API_URL: cartUrl }),
    );
    try {
      return await app.inject({ method: 'GET', url: '/healthz' });
    } finally {
      await app.close();
    }
  }

  it('is ok once both APIs answer 200', async () => {
    const identity = await startEcho('identity');
    const cart = await startEcho('cart');
    servers.push(identity, cart);
    const response = await health(identity.url, cart.url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is 503 while an API is down or unhealthy', async () => {
    const identity = await startEcho('identity');
    const sick = await startEcho('cart', { healthy: false });
    servers.push(identity, sick);
    const unhealthy = await health(identity.url, sick.url);
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({ status: 'unavailable', identityApi: 'ok', cartApi: 'unavailable' });

    const down = await health('http://127.0.0.1:9', identity.url);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', identityApi: 'unavailable', cartApi: 'ok' });
  });
});
