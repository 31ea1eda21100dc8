import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { buildApp } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import { CSRF, identityEnv, sessionCookieOf, tempDir, testConfig, withSession } from '../helpers.js';

const PASSWORD = 'GoodPass2026';

/** An upstream that answers its start-up call at once and everything else after `delayMs`. */
async function slowUpstream(delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/system-message/config/refresh-token', async () => ({ enabled: true }));
  app.all('/*', async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { late: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => app.close(),
  };
}

/** A port nothing listens on: a server that was opened and closed again. */
async function closedPort(): Promise<string> {
  const app = Fastify();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  await app.close();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('an upstream that is down or slow (issue 8 §9)', () => {
  let identity: TestIdentityApi;
  let slow: { url: string; close(): Promise<void> };
  const gateways: FastifyInstance[] = [];
  const data = tempDir('faults');

  beforeAll(async () => {
    identity = await startIdentityApi({
      users: [{ username: 'fault.user', password: PASSWORD, roles: ['broker'] }],
    });
    slow = await slowUpstream(3000);
  });
  afterAll(async () => {
    for (const app of gateways) await app.close();
    await slow?.close();
    await identity?.close();
    data.remove();
  });

  async function signedIn(cartUrl: string) {
    const app = await buildApp(
      testConfig({
        DATA_DIR: `${data.path}/${gateways.length}`,
        UPSTREAM_TIMEOUT_MS: '300',
        ...identityEnv(identity, { accounts: identity.url, cart: cartUrl }),
      }),
    );
    gateways.push(app);
    const login = await app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'fault.user', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    return { app, cookie: sessionCookieOf(login)! };
  }

  it('a slow upstream answers 504 {message} within the timeout; the session still works', async () => {
    const { app, cookie } = await signedIn(slow.url);
    const started = Date.now();
    const answer = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
    expect(Date.now() - started).toBeLessThan(2000);
    expect([answer.statusCode, answer.json()]).toEqual([504, { message: GATEWAY_MESSAGES.unreachable }]);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    const user = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
    expect(user.json()).toMatchObject({ username: 'fault.user' });
  });

  it('an upstream that is down answers 502 {message}; the session still works', async () => {
    const { app, cookie } = await signedIn(await closedPort());
    const answer = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
    expect([answer.statusCode, answer.json()]).toEqual([502, { message: GATEWAY_MESSAGES.unreachable }]);
    const user = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
    expect(user.statusCode).toBe(200);
  });
});
