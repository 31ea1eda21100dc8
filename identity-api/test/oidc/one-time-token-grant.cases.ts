import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { runCli } from '../../src/cli.js';
import { issueLoginToken } from '../../src/oidc/login-tokens.js';
import { DEFAULT_TEST_PASSWORD, startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { postAsClient, refresh } from '../helpers.js';

const GRANT = 'urn:pop:params:oauth:grant-type:one-time-token';
const MINUTE = 60_000;
const REFUSED = { error: 'invalid_grant', error_description: 'invalid_token' };

describe('one-time-token grant', () => {
  let api: TestIdentityApi;
  let userId: string;

  beforeAll(async () => {
    api = await startIdentityApi();
    ({ userId } = await api.createUser({
      username: 'tina.token',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
      firstName: 'Tina',
      lastName: 'Token',
    }));
  });
  afterAll(async () => api.close());

  const grant = (token: string) =>
    postAsClient(api, '/token', { grant_type: GRANT, token, scope: 'openid offline_access' });

  it('exchanges a token for the password grant tokens: JWT access token, id_token, refresh token', async () => {
    const tokens = await api.tokenGrant(await api.issueLoginToken('tina.token'));
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid offline_access' });

    const jwks = createRemoteJWKSet(new URL(`${api.issuer}/jwks`));
    const { payload: access } = await jwtVerify(tokens.access_token ?? '', jwks, {
      issuer: api.issuer,
      audience: 'urn:pop:api',
      typ: 'at+jwt',
    });
    expect(access).toMatchObject({
      sub: userId,
      username: 'tina.token',
      roles: ['employer'],
      client_id: api.clientId,
    });
    const { payload: id } = await jwtVerify(tokens.id_token ?? '', jwks, {
      issuer: api.issuer,
      audience: api.clientId,
    });
    expect(id).toMatchObject({
      sub: userId,
      given_name: 'Tina',
      family_name: 'Token',
      preferred_username: 'tina.token',
    });

    const refreshed = await refresh(api, tokens.refresh_token ?? '');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toEqual(expect.any(String));
  });

  it('works once: the second use is refused', async () => {
    const token = await api.issueLoginToken('tina.token');
    expect((await grant(token)).status).toBe(200);
    expect(await grant(token)).toEqual({ status: 400, body: REFUSED });
  });

  it('gives parallel uses of one token a single success', async () => {
    const token = await api.issueLoginToken('tina.token');
    const statuses = await Promise.all(Array.from({ length: 5 }, () => grant(token).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('refuses an expired token', async () => {
    const issuedLongAgo = new Date(Date.now() - 10 * MINUTE);
    const token = await issueLoginToken(api.app.identityDb, userId, 300, issuedLongAgo);
    expect(await grant(token)).toEqual({ status: 400, body: REFUSED });
  });

  it('refuses an unknown token', async () => {
    expect(await grant('not-a-token-we-issued')).toEqual({ status: 400, body: REFUSED });
  });

  it('asks for the token', async () => {
    const { status, body } = await postAsClient(api, '/token', { grant_type: GRANT });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
  });

  it('refuses a locked user, and the token is spent', async () => {
    await api.createUser({ username: 'lara.locked', password: DEFAULT_TEST_PASSWORD, roles: ['broker'] });
    const token = await api.issueLoginToken('lara.locked');
    await api.app.identityDb
      .updateTable('users')
      .set({ locked_until: new Date(Date.now() + 30 * MINUTE).toISOString() })
      .where('username_key', '=', 'lara.locked')
      .execute();
    expect(await grant(token)).toEqual({ status: 400, body: REFUSED });
    await api.app.identityDb
      .updateTable('users')
      .set({ locked_until: null })
      .where('username_key', '=', 'lara.locked')
      .execute();
    expect(await grant(token)).toEqual({ status: 400, body: REFUSED });
  });

  it('accepts federated users and expired passwords: the token is an administrator-issued credential', async () => {
    await api.createUser({
      username: 'fred.federated',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
      identityProvider: 'gsuite',
    });
    await api.createUser({
      username: 'eve.expired',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['broker'],
      passwordExpiresAt: new Date(Date.now() - MINUTE).toISOString(),
    });
    expect((await api.tokenGrant(await api.issueLoginToken('fred.federated'))).access_token).toEqual(
      expect.any(String),
    );
    expect((await api.tokenGrant(await api.issueLoginToken('eve.expired'))).access_token).toEqual(
      expect.any(String),
    );
  });

  it('stores only a hash of the token', async () => {
    const token = await api.issueLoginToken('tina.token');
    const rows = await api.app.identityDb.selectFrom('login_token').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('issue-login-token prints ${APP_URL}/auth?token=… with a token the grant accepts', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const env = { DATABASE_URL: api.databaseUrl, APP_URL: 'https://pop.example' };
      expect(await runCli(['issue-login-token', 'Tina.Token'], env)).toBe(0);
      const link = new URL(String(log.mock.calls[0]?.[0]));
      expect(`${link.origin}${link.pathname}`).toBe('https://pop.example/auth');
      const token = link.searchParams.get('token') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await grant(token)).status).toBe(200);

      expect(await runCli(['issue-login-token', 'nobody'], env)).toBe(1);
      expect(error).toHaveBeenCalledWith('No user nobody.');
      expect(await runCli(['issue-login-token'], env)).toBe(1);
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  });
});
