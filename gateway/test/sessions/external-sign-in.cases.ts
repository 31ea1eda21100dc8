import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestIdentityApi } from 'identity-api/testing';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { buildApp } from '../../src/app.js';
import { FLOW_COOKIE, SIGN_IN_FAILED_URL } from '../../src/routes/bff/external.js';
import { SESSION_COOKIE } from '../../src/plugins/external/session.js';
import {
  CSRF,
  identityEnv,
  sessionCookieOf,
  sessionIdOf,
  testConfig,
  withSession,
  type EchoServer,
  startGateway,
  type GatewayHarness,
} from '../helpers.js';

const PASSWORD = 'GoodPass2026';
/** identity-api's default GATEWAY_REDIRECT_URIS is http://localhost:3000/bff/callback: nothing listens there. */
const PUBLIC_URL = 'http://localhost:3000';

/** The cookies a browser keeps for identity-api while it follows the sign-in redirects (fetch keeps none). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at identity-api: follows redirects from `url` until one points back at the
 * gateway (PUBLIC_URL), posting the sign-in form on the way. Answers the callback URL.
 */
async function signInAtIssuer(url: string, username: string, password: string): Promise<URL> {
  const jar = new CookieJar();
  let next = new URL(url);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (next.href.startsWith(`${PUBLIC_URL}/`)) return next;
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain('Sign in with your organization account');
    expect(page).toContain(`value="${username}"`); // login_hint prefills the username
    form = new URLSearchParams({ username, password });
  }
  throw new Error('the sign-in did not come back to the gateway');
}

function locationOf(response: LightMyRequestResponse): string {
  return String(response.headers.location);
}

function flowCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === FLOW_COOKIE);
}

describe('external sign-in (authorization code + PKCE) and sign-in links', () => {
  let identity: TestIdentityApi;
  let cart: EchoServer;
  let app: FastifyInstance;
  let linkUserId: string;
  let data: GatewayHarness['data'];
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await startGateway('external', {
      users: [
        {
          username: 'federated.one',
          password: PASSWORD,
          roles: ['employer'],
          firstName: 'Fran',
          lastName: 'Federated',
          identityProvider: 'gsuite',
        },
      ],
      accounts: 'identity',
      env: { PUBLIC_URL },
    });
    ({ identity, cart, app, data } = harness);
    linkUserId = (
      await identity.createUser({
        username: 'link.user',
        password: PASSWORD,
        roles: ['broker'],
        firstName: 'Lin',
        lastName: 'Kuser',
      })
    ).userId;
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** A top-level navigation: no X-CSRF, only the cookies a browser would send. */
  const navigate = (url: string, cookies: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, cookies });

  async function startFlow(loginHint = 'federated.one') {
    const response = await navigate(`/bff/external/login?login_hint=${encodeURIComponent(loginHint)}`);
    expect(response.statusCode).toBe(302);
    const cookie = flowCookieOf(response)!;
    return { response, authorizationUrl: new URL(locationOf(response)), flowCookie: cookie.value };
  }

  it('redirects to the issuer with PKCE S256, state, nonce and the login hint; the flow cookie holds no token', async () => {
    const { response, authorizationUrl } = await startFlow();
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${identity.issuer}/auth`);
    const query = authorizationUrl.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('client_id')).toBe(identity.clientId);
    expect(query.get('redirect_uri')).toBe(`${PUBLIC_URL}/bff/callback`);
    expect(query.get('scope')).toBe('openid offline_access');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('state')).toMatch(/^[\w-]{43}$/);
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(query.get('login_hint')).toBe('federated.one');

    const flow = flowCookieOf(response)!;
    expect(flow).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    expect(flow.value).toMatch(/^[\w-]{43}$/);
    expect(flow.value).not.toBe(query.get('state'));
    // Only the flow cookie: a guest gets no session until the callback.
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([FLOW_COOKIE]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ends at /?signin=failed without the flow cookie, with a wrong or absent state, or a foreign flow cookie', async () => {
    const mine = await startFlow();
    const state = mine.authorizationUrl.searchParams.get('state')!;
    const other = await startFlow();
    for (const [url, cookies] of [
      [`/bff/callback?code=abc&state=${state}`, {}],
      [`/bff/callback?code=abc&state=wrong-state-wrong-state`, { [FLOW_COOKIE]: mine.flowCookie }],
      ['/bff/callback?code=abc', { [FLOW_COOKIE]: mine.flowCookie }],
      [`/bff/callback?code=abc&state=${state}`, { [FLOW_COOKIE]: other.flowCookie }],
    ] as const) {
      const response = await navigate(url, cookies);
      expect({ url, status: response.statusCode, location: locationOf(response) }).toEqual({
        url,
        status: 302,
        location: SIGN_IN_FAILED_URL,
      });
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(flowCookieOf(response)?.value).toBe(''); // cleared
    }
  });

  it('ends at /?signin=failed when the issuer answers with an error, and the flow is used up', async () => {
    const { authorizationUrl, flowCookie } = await startFlow();
    const state = authorizationUrl.searchParams.get('state')!;
    const iss = encodeURIComponent(identity.issuer);
    const refused = await navigate(`/bff/callback?error=access_denied&state=${state}&iss=${iss}`, {
      [FLOW_COOKIE]: flowCookie,
    });
    expect(locationOf(refused)).toBe(SIGN_IN_FAILED_URL);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(await app.sessionRecords.get(`flow.${state}`)).toBeUndefined();
  });

  it('refuses a flow older than 10 minutes even with a good code', async () => {
    let now = Date.now();
    const slow = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        PUBLIC_URL,
        ...identityEnv(identity, { accounts: identity.url, cart: cart.url }),
      }),
      { now: () => now },
    );
    try {
      const start = await slow.inject({ method: 'GET', url: '/bff/external/login?login_hint=federated.one' });
      const callback = await signInAtIssuer(String(start.headers.location), 'federated.one', PASSWORD);
      now += 10 * 60 * 1000;
      const late = await slow.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        cookies: { [FLOW_COOKIE]: flowCookieOf(start)!.value },
      });
      expect(locationOf(late)).toBe(SIGN_IN_FAILED_URL);
      expect(sessionCookieOf(late)).toBeUndefined();
    } finally {
      await slow.close();
    }
  });

  it('signs a federated user in through the issuer and back: the same session as a password login', async () => {
    const { authorizationUrl, flowCookie } = await startFlow();
    const callback = await signInAtIssuer(authorizationUrl.href, 'federated.one', PASSWORD);
    expect(callback.pathname).toBe('/bff/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const back = await navigate(`${callback.pathname}${callback.search}`, { [FLOW_COOKIE]: flowCookie });
    expect(back.statusCode).toBe(302);
    expect(locationOf(back)).toBe('/');
    expect(flowCookieOf(back)?.value).toBe('');
    const cookie = sessionCookieOf(back)!;
    expect(back.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });
    const me = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'federated.one',
      fullName: 'Fran Federated',
      role: 'employer',
    });
    // Tokens (with a refresh token) on the server, as after a password login.
    const stored = (await app.sessionRecords.get(sessionIdOf(cookie))) as {
      auth: { tokens: { accessToken: string; refreshToken?: string } };
    };
    expect(stored.auth.tokens.refreshToken).toBeTruthy();
    const api = await app.inject({ method: 'GET', url: '/api/order', headers: withSession(cookie) });
    expect(api.json<{ headers: { authorization?: string } }>().headers.authorization).toBe(
      `Bearer ${stored.auth.tokens.accessToken}`,
    );

    // The same callback again (a replay): the flow is gone.
    expect(await app.sessionRecords.get(`flow.${callback.searchParams.get('state')}`)).toBeUndefined();
    const replay = await navigate(`${callback.pathname}${callback.search}`, { [FLOW_COOKIE]: flowCookie });
    expect(locationOf(replay)).toBe(SIGN_IN_FAILED_URL);
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  describe('POST /bff/auth {token} (the e-mailed sign-in link)', () => {
    const redeem = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/bff/auth', headers: CSRF, payload: payload as object });

    it('signs in once: 200 SessionUser and a session; the same token again is refused', async () => {
      const token = await identity.issueLoginToken('link.user');
      const first = await redeem({ token });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        userId: linkUserId,
        username: 'link.user',
        fullName: 'Lin Kuser',
      });
      const cookie = sessionCookieOf(first)!;
      const me = await app.inject({ method: 'GET', url: '/bff/user', headers: withSession(cookie) });
      expect(me.json()).toEqual(first.json());
      expect(first.body).not.toContain(token);

      const again = await redeem({ token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidSignInLink });
      expect(sessionCookieOf(again)).toBeUndefined();
    });

    it('refuses an unknown token with the same message, and a missing one as a validation error', async () => {
      const unknown = await redeem({ token: 'A'.repeat(43) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidSignInLink });
      for (const payload of [{}, { token: '' }, { token: 7 }]) {
        const missing = await redeem(payload);
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({ type: 'validation', errors: [ACCOUNT_MESSAGES.required('Token')] });
      }
    });

    it('needs X-CSRF like every /bff write', async () => {
      const response = await app.inject({ method: 'POST', url: '/bff/auth', payload: { token: 'x' } });
      expect(response.statusCode).toBe(403);
    });
  });
});
