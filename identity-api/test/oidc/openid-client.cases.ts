import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as client from 'openid-client';
import { DEFAULT_TEST_PASSWORD, startIdentityApi, type TestIdentityApi } from '../../src/testing.js';

// The gateway's view: openid-client v6 against the real server, as in its login and refresh.
describe('with openid-client as the gateway uses it', () => {
  let api: TestIdentityApi;
  let config: client.Configuration;
  let userId: string;

  beforeAll(async () => {
    api = await startIdentityApi();
    ({ userId } = await api.createUser({
      username: 'olga.client',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['admin'],
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

  it('signs in with the password grant and refreshes, with validated id_token claims', async () => {
    const tokens = await client.genericGrantRequest(config, 'password', {
      username: 'olga.client',
      password: DEFAULT_TEST_PASSWORD,
      scope: 'openid offline_access',
    });
    expect(tokens.claims()).toMatchObject({
      sub: userId,
      preferred_username: 'olga.client',
      roles: ['admin'],
    });

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.claims()).toMatchObject({ sub: userId });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('sees the refusal key as error_description', async () => {
    await expect(
      client.genericGrantRequest(config, 'password', { username: 'olga.client', password: 'Wrong' }),
    ).rejects.toMatchObject({ error: 'invalid_grant', error_description: 'unauthorized', status: 400 });
  });
});
