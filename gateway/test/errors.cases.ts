import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { fakeShell, tempDir, testConfig } from './helpers.js';

/** The gateway's error answers are the services' (service-kit's errorHandler): one catalogue. */
describe("the gateway's error answers", () => {
  const data = tempDir('errors');
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    data.remove();
  });

  async function gateway(env: Record<string, string> = {}) {
    const app = await buildApp(
      testConfig({
        DATA_DIR: join(data.path, String(apps.length)),
        SHELL_DIR: fakeShell(join(data.path, `shell-${apps.length}`)),
        IDENTITY_ISSUER: 'http://127.0.0.1:9/oidc',
        IDENTITY_URL: 'http://127.0.0.1:9',
        CART_API_URL: 'http://127.0.0.1:9',
        ...env,
      }),
      { logger: false },
    );
    apps.push(app);
    // What no route of the gateway should do, to see what the handler makes of it.
    app.get('/boom', async () => {
      throw new Error('the store is gone');
    });
    app.get('/refused', async () => {
      throw Object.assign(new Error('Not for you'), { statusCode: 409 });
    });
    return app;
  }

  it('answers a refusal {message} and an unexpected error 500 {errorText, stackTrace}', async () => {
    const app = await gateway();
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Not for you' });

    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      errorText: 'the store is gone',
      stackTrace: expect.stringContaining('Error'),
    });
  });

  it('hides the error in production and names the request instead', async () => {
    const app = await gateway({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      OIDC_CLIENT_SECRET: 'a-production-client-secret',
    });
    const boom = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'req-42' } });
    expect(boom.statusCode).toBe(500);
    expect(boom.headers['x-request-id']).toBe('req-42');
    expect(boom.json()).toEqual({ errorText: 'An unexpected error occurred (request req-42)' });
  });

  it("leaves unknown routes to the gateway's own 404 (the shell for a page, JSON otherwise)", async () => {
    const app = await gateway();
    const json = await app.inject({ method: 'GET', url: '/no-such-thing' });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: 'Not found' });
    const page = await app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
