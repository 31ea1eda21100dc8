import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { DEFAULT_TEST_PASSWORD, startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { postAsClient, refresh } from '../helpers.js';

describe('refresh, revocation and introspection', () => {
  let api: TestIdentityApi;
  let userId: string;

  beforeAll(async () => {
    api = await startIdentityApi();
    ({ userId } = await api.createUser({
      username: 'rita.refresh',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['compliance'],
    }));
  });
  afterAll(async () => api.close());

  const signIn = async () => {
    const tokens = await api.passwordGrant('rita.refresh', DEFAULT_TEST_PASSWORD);
    if (!tokens.refresh_token || !tokens.access_token)
      throw new Error(`sign-in failed: ${JSON.stringify(tokens)}`);
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  };

  it('rotates the refresh token, with a fresh access token carrying the same claims', async () => {
    const first = await signIn();
    const { status, body } = await refresh(api, first.refreshToken);
    expect(status).toBe(200);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token).not.toBe(first.refreshToken);

    const jwks = createRemoteJWKSet(new URL(`${api.issuer}/jwks`));
    const { payload } = await jwtVerify(body.access_token ?? '', jwks, {
      issuer: api.issuer,
      audience: 'urn:pop:api',
    });
    expect(payload).toMatchObject({ sub: userId, roles: ['compliance'], username: 'rita.refresh' });
    const { payload: id } = await jwtVerify(body.id_token ?? '', jwks, {
      issuer: api.issuer,
      audience: api.clientId,
    });
    expect(id).toMatchObject({ sub: userId, preferred_username: 'rita.refresh', roles: ['compliance'] });

    // The used token is refused, and its reuse ends the whole grant (RFC 9700 §4.14.2).
    const reused = await refresh(api, first.refreshToken);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect((await refresh(api, body.refresh_token ?? '')).body.error).toBe('invalid_grant');
  });

  it('refuses a refresh token after it was revoked', async () => {
    const { refreshToken } = await signIn();
    const revoked = await postAsClient(api, '/token/revocation', {
      token: refreshToken,
      token_type_hint: 'refresh_token',
    });
    expect(revoked.status).toBe(200);
    const { status, body } = await refresh(api, refreshToken);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('introspects tokens for the client: active, then inactive once revoked', async () => {
    const { accessToken, refreshToken } = await signIn();
    const active = await postAsClient(api, '/token/introspection', { token: refreshToken });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ active: true, sub: userId, client_id: api.clientId });

    // Access tokens are self-contained JWTs: resource servers verify them against the JWKS.
    const access = await postAsClient(api, '/token/introspection', { token: accessToken });
    expect(access.status).toBe(400);
    expect(access.body.error).toBe('unsupported_token_type');

    await postAsClient(api, '/token/revocation', { token: refreshToken });
    expect((await postAsClient(api, '/token/introspection', { token: refreshToken })).body).toEqual({
      active: false,
    });
    expect((await postAsClient(api, '/token/introspection', { token: 'made-up' })).body).toEqual({
      active: false,
    });
  });
});
