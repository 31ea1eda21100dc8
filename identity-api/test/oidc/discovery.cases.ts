import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';

describe('discovery, JWKS and health', () => {
  let api: TestIdentityApi;
  beforeAll(async () => {
    api = await startIdentityApi();
  });
  afterAll(async () => api.close());

  it('publishes the issuer under /oidc with its endpoints and grants', async () => {
    const response = await fetch(`${api.url}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: api.issuer,
      jwks_uri: `${api.issuer}/jwks`,
      token_endpoint: `${api.issuer}/token`,
      introspection_endpoint: `${api.issuer}/token/introspection`,
      revocation_endpoint: `${api.issuer}/token/revocation`,
    });
    expect(api.issuer).toBe(`${api.url}/oidc`);
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['password', 'refresh_token']));
    expect(metadata.grant_types_supported).not.toContain('implicit');
  });

  it('serves public signing keys only: the current one, then the next one (README "Key rotation")', async () => {
    const response = await fetch(`${api.issuer}/jwks`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    const { current, next } = api.app.keyRing.set.signing;
    expect(keys.map((key) => key.kid)).toEqual([current.kid, next.kid]);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(member);
    }
  });

  it('answers /healthz when the database answers', async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown routes with 404 {message}', async () => {
    const response = await fetch(`${api.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});
