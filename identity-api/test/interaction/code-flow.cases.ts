import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import {
  DEFAULT_TEST_PASSWORD,
  IdentityBrowser,
  startIdentityApi,
  type TestIdentityApi,
} from '../../src/testing.js';

// The gateway's external sign-in: openid-client builds the request (PKCE S256, state, nonce),
// IdentityBrowser plays the user's browser on identity-api's page, openid-client redeems the code.
const REDIRECT_URI = 'https://gateway.example/bff/callback';
const HOUR = 60 * 60 * 1000;

describe('authorization code flow through the sign-in page', () => {
  let api: TestIdentityApi;
  let config: client.Configuration;
  let brokerId: string;

  beforeAll(async () => {
    // The per-address limit has its own suite below; this one posts the form more often than it allows.
    api = await startIdentityApi({
      env: { GATEWAY_REDIRECT_URIS: REDIRECT_URI, SIGN_IN_PAGE_RATE_LIMIT: '1000' },
    });
    ({ userId: brokerId } = await api.createUser({
      username: 'Bob.Broker',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['broker'],
      firstName: 'Bob',
      lastName: 'Broker',
      email: 'bob@example.com',
    }));
    config = await client.discovery(
      new URL(api.issuer),
      api.clientId,
      undefined,
      client.ClientSecretBasic(api.clientSecret),
      { execute: [client.allowInsecureRequests] },
    );
  });
  afterAll(async () => api.close());

  async function start(loginHint?: string) {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(loginHint && { login_hint: loginHint }),
    });
    const finish = (callback: string) =>
      client.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
      });
    return { url: url.toString(), finish };
  }

  it('signs in on the page and ends with the password grant tokens, refresh token included', async () => {
    const flow = await start('bob.broker');
    const browser = new IdentityBrowser(api.url);

    // The authorization endpoint sends the browser to our page, which prefills the login_hint.
    const page = await browser.follow(await browser.request(flow.url), flow.url);
    expect(page.status).toBe(200);
    expect(new URL(page.url).pathname).toMatch(/^\/interaction\/[\w-]+$/);
    expect(page.page).toContain('<title>Sign in with your organization account</title>');
    expect(page.page).toContain('<label for="username">Username</label>');
    expect(page.page).toContain('<label for="password">Password</label>');
    expect(page.page).toContain('<button type="submit">Sign in</button>');
    expect(page.page).toContain('value="bob.broker"');

    const posted = await browser.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'bob.broker', password: DEFAULT_TEST_PASSWORD }).toString(),
    });
    expect(posted.status).toBe(303);
    const { redirectTo } = await browser.follow(posted, page.url);
    expect(redirectTo).toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`));

    const tokens = await flow.finish(redirectTo ?? '');
    expect(tokens.scope).toBe('openid offline_access');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.claims()).toMatchObject({
      sub: brokerId,
      email: 'bob@example.com',
      given_name: 'Bob',
      family_name: 'Broker',
      preferred_username: 'Bob.Broker',
      roles: ['broker'],
    });

    // The same access token as the password grant's, which cart-api verifies.
    const jwks = createRemoteJWKSet(new URL(`${api.issuer}/jwks`));
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, {
      issuer: api.issuer,
      audience: 'urn:pop:api',
      typ: 'at+jwt',
    });
    expect(access).toMatchObject({
      sub: brokerId,
      username: 'Bob.Broker',
      roles: ['broker'],
      client_id: api.clientId,
      scope: 'openid offline_access',
    });
    const password = await api.passwordGrant('bob.broker', DEFAULT_TEST_PASSWORD);
    const { payload: viaPassword } = await jwtVerify(password.access_token ?? '', jwks, {
      issuer: api.issuer,
      audience: 'urn:pop:api',
    });
    const claimNames = (payload: object) =>
      Object.keys(payload)
        .filter((k) => k !== 'gty')
        .sort();
    expect(claimNames(access)).toEqual(claimNames(viaPassword));

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.claims()).toMatchObject({ sub: brokerId });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('shows the error on the page for a wrong password, and signs in with the right one', async () => {
    const flow = await start();
    const browser = new IdentityBrowser(api.url);
    const page = await browser.follow(await browser.request(flow.url), flow.url);
    const post = (password: string) =>
      browser.request(page.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'bob.broker', password }).toString(),
      });

    const wrong = await post('Wrong-password-1');
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain(MESSAGES.invalidLogin);
    expect(html).toContain('value="bob.broker"');

    const { redirectTo } = await browser.follow(await post(DEFAULT_TEST_PASSWORD), page.url);
    expect((await flow.finish(redirectTo ?? '')).claims()?.sub).toBe(brokerId);
  });

  it('asks for both fields', async () => {
    const flow = await start();
    const browser = new IdentityBrowser(api.url);
    const page = await browser.follow(await browser.request(flow.url), flow.url);
    const response = await browser.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=bob.broker',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(MESSAGES.missingLogin);
  });

  it('accepts a federated user: the page plays their identity provider', async () => {
    const { userId } = await api.createUser({
      username: 'gina.gsuite',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
      identityProvider: 'gsuite',
    });
    expect((await api.passwordGrant('gina.gsuite', DEFAULT_TEST_PASSWORD)).error_description).toBe('gsuite');

    const flow = await start('gina.gsuite');
    const result = await api.signInAtAuthorizationUrl(flow.url, 'gina.gsuite', DEFAULT_TEST_PASSWORD);
    expect((await flow.finish(result.redirectTo ?? '')).claims()).toMatchObject({
      sub: userId,
      roles: ['employer'],
    });
  });

  it('applies lockout and password expiry as the password grant does', async () => {
    await api.createUser({
      username: 'ed.expired',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['broker'],
      passwordExpiresAt: new Date(Date.now() - HOUR).toISOString(),
    });
    // The reset screen in its expired form (§4); the sign-in is abandoned.
    const browser = new IdentityBrowser(api.url);
    const flow = await start();
    const page = await browser.follow(await browser.request(flow.url), flow.url);
    const expired = await browser.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'ed.expired', password: DEFAULT_TEST_PASSWORD }).toString(),
    });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe('http://localhost:3000/forgot-password?expired=true');
    const again = await browser.request(page.url);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This sign-in has expired');
    // A wrong password says nothing about the expiry.
    expect((await api.signInAtAuthorizationUrl((await start()).url, 'ed.expired', 'Wrong-1')).page).toContain(
      MESSAGES.invalidLogin,
    );

    // A federated user's password lives with their identity provider: no e-mail reset for them.
    await api.createUser({
      username: 'fay.federated',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
      identityProvider: 'gsuite',
      passwordExpiresAt: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(
      await api.signInAtAuthorizationUrl((await start()).url, 'fay.federated', DEFAULT_TEST_PASSWORD),
    ).toMatchObject({ status: 401, page: expect.stringContaining('ask your administrator') });

    await api.createUser({ username: 'lou.locked', password: DEFAULT_TEST_PASSWORD, roles: ['broker'] });
    for (let i = 0; i < 4; i++) {
      const result = await api.signInAtAuthorizationUrl((await start()).url, 'lou.locked', 'Wrong-1');
      expect(result.page).toContain(MESSAGES.invalidLogin);
    }
    const fifth = await api.signInAtAuthorizationUrl((await start()).url, 'lou.locked', 'Wrong-1');
    expect(fifth.page).toContain(MESSAGES.lockedOut);
    const right = await api.signInAtAuthorizationUrl(
      (await start()).url,
      'lou.locked',
      DEFAULT_TEST_PASSWORD,
    );
    expect(right.page).toContain(MESSAGES.lockedOut);
    expect((await api.passwordGrant('lou.locked', DEFAULT_TEST_PASSWORD)).error_description).toBe(
      'locked_out',
    );
  });

  it('asks for the password again in the same browser, and lets another user sign in there', async () => {
    const { userId } = await api.createUser({
      username: 'sam.second',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
    });
    const browser = new IdentityBrowser(api.url);
    const first = await start();
    const bob = await browser.signIn(first.url, 'bob.broker', DEFAULT_TEST_PASSWORD);
    const bobTokens = await first.finish(bob.redirectTo ?? '');
    expect(bobTokens.claims()?.sub).toBe(brokerId);

    const second = await start('sam.second');
    const page = await browser.follow(await browser.request(second.url), second.url);
    expect(page.page).toContain('value="sam.second"');
    const sam = await browser.signIn(second.url, 'sam.second', DEFAULT_TEST_PASSWORD);
    expect((await second.finish(sam.redirectTo ?? '')).claims()?.sub).toBe(userId);
    // Bob's refresh token outlives the identity-api session Sam's sign-in replaced (offline_access).
    expect((await client.refreshTokenGrant(config, bobTokens.refresh_token ?? '')).claims()?.sub).toBe(
      brokerId,
    );
  });

  it('escapes the login_hint and sends a strict CSP', async () => {
    const flow = await start('"><script>alert(1)</script>');
    const browser = new IdentityBrowser(api.url);
    const first = await browser.request(flow.url);
    const location = new URL(first.headers.get('location') ?? '', flow.url).toString();
    const response = await browser.request(location);
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://gateway.example http://localhost:3000;");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a form posted without the interaction cookie (another site, an expired sign-in)', async () => {
    const flow = await start();
    const stranger = new IdentityBrowser(api.url);
    const browser = new IdentityBrowser(api.url);
    const own = await browser.follow(await browser.request(flow.url), flow.url);
    const forged = await stranger.request(own.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'bob.broker', password: DEFAULT_TEST_PASSWORD }).toString(),
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This sign-in has expired');
    expect((await stranger.request(`${api.url}/interaction/unknown`)).status).toBe(400);
  });

  it('answers a page, not JSON, to a form it cannot read (too long, not a form)', async () => {
    const flow = await start();
    const browser = new IdentityBrowser(api.url);
    const page = await browser.follow(await browser.request(flow.url), flow.url);
    const tooLong = await browser.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'bob.broker', password: 'x'.repeat(5000) }).toString(),
    });
    expect(tooLong.status).toBe(413);
    expect(tooLong.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await tooLong.text()).toContain('The sign-in form could not be read');
    const json = await browser.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bob.broker', password: DEFAULT_TEST_PASSWORD }),
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('<title>Sign in with your organization account</title>');
    // The sign-in goes on.
    const { redirectTo } = await browser.follow(
      await browser.request(page.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'bob.broker', password: DEFAULT_TEST_PASSWORD }).toString(),
      }),
      page.url,
    );
    expect(redirectTo).toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`));
  });

  it('shows the expired page when the sign-in ends while the password is being checked', async () => {
    await api.createUser({ username: 'ivy.interrupted', password: DEFAULT_TEST_PASSWORD, roles: ['broker'] });
    // The database drops the interactions as this user's attempt is counted (after the page checked
    // the interaction, before it records the result): as if it had expired meanwhile.
    const db = api.app.identityDb;
    if (api.databaseUrl.startsWith('postgres')) {
      await sql`create function drop_interactions() returns trigger language plpgsql as $$
        begin delete from oidc_payload where model = 'Interaction'; return new; end $$`.execute(db);
      await sql`create trigger drop_interactions after update on users for each row
        when (new.username_key = 'ivy.interrupted') execute function drop_interactions()`.execute(db);
    } else {
      await sql`create trigger drop_interactions after update on users
        when new.username_key = 'ivy.interrupted'
        begin delete from oidc_payload where model = 'Interaction'; end`.execute(db);
    }
    const result = await api.signInAtAuthorizationUrl(
      (await start()).url,
      'ivy.interrupted',
      DEFAULT_TEST_PASSWORD,
    );
    expect(result).toMatchObject({ status: 400, page: expect.stringContaining('This sign-in has expired') });
  });

  it('requires PKCE', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid offline_access',
      state: client.randomState(),
    });
    const result = await new IdentityBrowser(api.url).signIn(
      url.toString(),
      'bob.broker',
      DEFAULT_TEST_PASSWORD,
    );
    const redirect = new URL(result.redirectTo ?? '');
    expect(redirect.searchParams.get('error')).toBe('invalid_request');
    expect(redirect.searchParams.get('error_description')).toContain('PKCE');
  });

  it('accepts only the configured redirect URIs', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://evil.example/callback',
      scope: 'openid offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });
});

describe('the sign-in page limits form posts per client address', () => {
  let api: TestIdentityApi;
  beforeAll(async () => {
    api = await startIdentityApi({
      env: { GATEWAY_REDIRECT_URIS: REDIRECT_URI, SIGN_IN_PAGE_RATE_LIMIT: '3' },
      users: [{ username: 'sam.sprayed', password: DEFAULT_TEST_PASSWORD, roles: ['broker'] }],
    });
  });
  afterAll(async () => api.close());

  it('answers the page with a 429 after SIGN_IN_PAGE_RATE_LIMIT posts a minute, whatever X-Forwarded-For says', async () => {
    const config = await client.discovery(
      new URL(api.issuer),
      api.clientId,
      undefined,
      client.ClientSecretBasic(api.clientSecret),
      { execute: [client.allowInsecureRequests] },
    );
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = new IdentityBrowser(api.url);
    const page = await browser.follow(await browser.request(url.toString()), url.toString());
    const post = (headers: Record<string, string> = {}) =>
      browser.request(page.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ username: 'sam.sprayed', password: 'Wrong-1' }).toString(),
      });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(401);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(limited.headers.get('retry-after')).toEqual(expect.any(String));
    expect(await limited.text()).toContain(ACCOUNT_MESSAGES.tooManyAttempts);
    expect((await post({ 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    // Only the form posts count: the page itself still opens.
    expect((await browser.request(page.url)).status).toBe(200);
  });
});
