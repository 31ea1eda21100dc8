import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { jwtsIn } from 'shared-domain/testing';
import { buildApp } from '../../src/app.js';
import { GATEWAY_MESSAGES } from '../../src/messages.js';
import { SESSION_COOKIE } from '../../src/plugins/external/session.js';
import {
  CSRF,
  sessionCookieOf,
  sessionIdOf,
  testConfig,
  withSession,
  type EchoServer,
  startGateway,
  type GatewayHarness,
} from '../helpers.js';

const PASSWORD = 'GoodPass2026';

describe('POST /bff/login, GET /bff/user, POST /bff/logout', () => {
  let cart: EchoServer;
  let app: FastifyInstance;
  let data: GatewayHarness['data'];
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await startGateway('login', {
      users: [
        {
          username: 'broker.one',
          password: PASSWORD,
          roles: ['broker'],
          firstName: 'Bea',
          lastName: 'Broker',
          email: 'bea@example.com',
        },
        { username: 'lock.me', password: PASSWORD, roles: ['employer'] },
        {
          username: 'expired.one',
          password: PASSWORD,
          roles: ['broker'],
          passwordExpiresAt: '2020-01-01T00:00:00Z',
        },
        { username: 'federated.one', password: PASSWORD, roles: ['broker'], identityProvider: 'google' },
      ],
      accounts: 'identity',
    });
    ({ cart, app, data } = harness);
  });
  afterAll(async () => {
    await harness?.close();
  });

  function login(username: string, password: string, headers: Record<string, string> = CSRF) {
    return app.inject({ method: 'POST', url: '/bff/login', headers, payload: { username, password } });
  }

  it('signs in: answers the SessionUser, never a token, and sets only the session cookie', async () => {
    const response = await login('broker.one', PASSWORD);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toEqual({
      userId: expect.any(String),
      username: 'broker.one',
      email: 'bea@example.com',
      firstName: 'Bea',
      lastName: 'Broker',
      fullName: 'Bea Broker',
      role: 'broker',
      roles: ['broker'],
      roleGroup: 'broker',
    });
    const cookie = sessionCookieOf(response)!;
    const stored = (await app.sessionRecords.get(sessionIdOf(cookie))) as {
      auth: { tokens: { accessToken: string; refreshToken: string } };
    };
    const { accessToken, refreshToken } = stored.auth.tokens;
    expect(accessToken.length).toBeGreaterThan(20);
    const everything = response.body + JSON.stringify(response.headers);
    expect(everything).not.toContain(accessToken);
    expect(everything).not.toContain(refreshToken);
    expect(jwtsIn(everything)).toEqual([]); // no JWT anywhere
    expect(response.cookies.map((c) => c.name)).toEqual([SESSION_COOKIE]);

    const me = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('gives a new session id at login and deletes the old one from the store', async () => {
    const first = sessionCookieOf(await login('broker.one', PASSWORD))!;
    const second = await login('broker.one', PASSWORD, withSession(first));
    const renewed = sessionCookieOf(second)!;
    expect(renewed).toBeDefined();
    expect(sessionIdOf(renewed)).not.toBe(sessionIdOf(first));
    expect(await app.sessionRecords.get(sessionIdOf(first))).toBeUndefined();
    expect(await app.sessionRecords.get(sessionIdOf(renewed))).toBeDefined();
    const old = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(first) });
    expect(old.statusCode).toBe(401);
  });

  it('answers the invalid-login message for a wrong password and for an unknown user alike', async () => {
    for (const [username, password] of [
      ['broker.one', 'WrongPass2026'],
      ['nobody.here', PASSWORD],
    ] as const) {
      const response = await login(username, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.invalidLogin, error: 'invalid' });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('asks for both fields before calling identity-api', async () => {
    for (const payload of [
      {},
      { username: 'broker.one' },
      { username: '', password: 'x' },
      { username: 'a', password: 7 },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/bff/login', headers: CSRF, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.missingLogin });
    }
  });

  it('maps locked_out, password_expired and gsuite', async () => {
    let last;
    for (let attempt = 0; attempt < 5; attempt++) last = await login('lock.me', 'WrongPass2026');
    expect(last!.json()).toEqual({ message: MESSAGES.lockedOut, error: 'locked_out' });
    expect((await login('lock.me', PASSWORD)).json()).toEqual({
      message: MESSAGES.lockedOut,
      error: 'locked_out',
    });

    const expired = await login('expired.one', PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      error: 'password_expired',
      message: ACCOUNT_MESSAGES.passwordExpired,
      redirectUrl: '/forgot-password?expired=true',
    });

    const federated = await login(' federated.one ', PASSWORD);
    expect(federated.statusCode).toBe(400);
    expect(federated.json()).toEqual({
      error: 'gsuite',
      message: GATEWAY_MESSAGES.gsuite,
      redirectUrl: '/bff/external/login?login_hint=federated.one',
    });
  });

  it('logs out: the old cookie is refused afterwards and the cookie is cleared', async () => {
    const cookie = sessionCookieOf(await login('broker.one', PASSWORD))!;
    const logout = await app.inject({ method: 'POST', url: '/bff/logout', headers: withSession(cookie) });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.secure).toBe(true);
    expect(await app.sessionRecords.get(sessionIdOf(cookie))).toBeUndefined();
    const me = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: GATEWAY_MESSAGES.notSignedIn });
  });

  it('answers 502 {message} while identity-api is unreachable', async () => {
    const offline = await buildApp(
      testConfig({ DATA_DIR: data.path, IDENTITY_ISSUER: 'http://127.0.0.1:9/oidc', CART_API_URL: cart.url }),
    );
    try {
      const response = await offline.inject({
        method: 'POST',
        url: '/bff/login',
        headers: CSRF,
        payload: { username: 'broker.one', password: PASSWORD },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: GATEWAY_MESSAGES.unreachable });
      expect(sessionCookieOf(response)).toBeUndefined();
    } finally {
      await offline.close();
    }
  });

  it('answers 401 to /bff/user without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/bff/user', headers: CSRF });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: GATEWAY_MESSAGES.notSignedIn });
  });
});
