import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { postAsClient } from '../helpers.js';

const NOT_ALLOWED = {
  error: 'invalid_request',
  error_description: 'requested grant type is not allowed for this client',
};

// cart-api's own client: a JWT for urn:pop:api about no user, by client credentials only.
describe("cart-api's client (client credentials)", () => {
  let api: TestIdentityApi;

  beforeAll(async () => {
    api = await startIdentityApi({
      users: [{ username: 'cc.user', password: 'TestPass2026', roles: ['admin'] }],
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('issues a JWT access token for urn:pop:api whose subject is the client, with no user claims', async () => {
    const answer = await api.clientCredentialsGrant();
    expect(answer).toMatchObject({ token_type: 'Bearer', scope: 'api', expires_in: expect.any(Number) });
    expect(answer.refresh_token).toBeUndefined();
    expect(answer.id_token).toBeUndefined();
    const claims = decodeJwt(answer.access_token!);
    expect(claims).toMatchObject({
      iss: api.issuer,
      aud: 'urn:pop:api',
      sub: api.cartApiClientId,
      client_id: api.cartApiClientId,
    });
    expect(claims.roles).toBeUndefined();
    expect(claims.username).toBeUndefined();
    expect(decodeProtectedHeader(answer.access_token!).typ).toBe('at+jwt');
  });

  it('refuses a wrong secret, and every grant but client credentials', async () => {
    const client = {
      issuer: api.issuer,
      clientId: api.cartApiClientId,
      clientSecret: api.cartApiClientSecret,
    };
    const wrong = await postAsClient(
      client,
      '/token',
      { grant_type: 'client_credentials' },
      'not-the-secret',
    );
    expect([wrong.status, wrong.body.error]).toEqual([401, 'invalid_client']);
    const password = await postAsClient(client, '/token', {
      grant_type: 'password',
      username: 'cc.user',
      password: 'TestPass2026',
      scope: 'openid offline_access',
    });
    expect(password.body).toMatchObject(NOT_ALLOWED);
    expect(password.body.access_token).toBeUndefined();
  });

  it('is not offered to the gateway, which only ever acts for a user', async () => {
    const answer = await postAsClient(api, '/token', { grant_type: 'client_credentials' });
    expect(answer.body).toMatchObject(NOT_ALLOWED);
  });
});
