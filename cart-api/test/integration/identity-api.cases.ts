import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { startIdentityApi } from 'identity-api/testing';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

// The real thing end to end: identity-api issues the access token (password grant), cart-api
// discovers its JWKS over HTTP and verifies the token.
describe('with a real identity-api', () => {
  let identity: Awaited<ReturnType<typeof startIdentityApi>>;
  let cartDb: TestDatabase;
  let app: FastifyInstance;
  let brokerId: string;

  beforeAll(async () => {
    identity = await startIdentityApi();
    ({ userId: brokerId } = await identity.createUser({
      username: 'it.broker',
      password: 'TestPass2026',
      roles: ['broker'],
    }));
    cartDb = await createTestDatabase();
    app = await buildApp(
      loadConfig({ DATABASE_URL: cartDb.url, IDENTITY_ISSUER: identity.issuer, NODE_ENV: 'test' }),
      {
        logger: false,
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await cartDb?.drop();
    await identity?.close();
  });

  it("accepts identity-api's access token and applies the broker's permissions", async () => {
    const tokens = await identity.passwordGrant('it.broker', 'TestPass2026');
    expect(tokens.access_token).toEqual(expect.any(String));
    const authorization = `Bearer ${tokens.access_token}`;

    const own = await app.inject({
      method: 'GET',
      url: `/epop-document/${brokerId}`,
      headers: { authorization },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: [], pages: 0 });

    const orders = await app.inject({ method: 'GET', url: '/order', headers: { authorization } });
    expect(orders.statusCode).toBe(403);
  });

  it('refuses the id_token, which is not meant for this API', async () => {
    const tokens = await identity.passwordGrant('it.broker', 'TestPass2026');
    const response = await app.inject({
      method: 'GET',
      url: `/epop-document/${brokerId}`,
      headers: { authorization: `Bearer ${tokens.id_token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
