import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { startIdentityApi } from 'identity-api/testing';
import { decodeProtectedHeader } from 'jose';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { fakeDateOnly } from 'shared-domain/testing';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const DAY = 24 * 60 * 60 * 1000;
// jose's createRemoteJWKSet: after a fetch, an unknown kid triggers no refetch for this long.
const JWKS_COOLDOWN_MS = 30_000;

// cart-api verifies access tokens with service-kit's remoteJwksVerifier (jose's createRemoteJWKSet on
// the issuer's jwks_uri). identity-api publishes a key as `next` at least KEY_RELOAD_MS + 10 s + that
// cooldown before it signs (its README "Key rotation"), so cart-api meets a new kid either already in
// its cached JWKS or after the cooldown, when one refetch finds it.
describe("access tokens across identity-api's key rotations", () => {
  let identity: Awaited<ReturnType<typeof startIdentityApi>>;
  let cartDb: TestDatabase;
  let app: FastifyInstance;
  let brokerId: string;
  let clock = Date.now();
  let jwksFetches = 0;

  beforeAll(async () => {
    identity = await startIdentityApi({ keys: { now: () => new Date(clock), timer: false } });
    ({ userId: brokerId } = await identity.createUser({
      username: 'rot.broker',
      password: 'TestPass2026',
      roles: ['broker'],
    }));
    cartDb = await createTestDatabase();
    app = await buildApp(
      loadConfig({ DATABASE_URL: cartDb.url, IDENTITY_ISSUER: identity.issuer, NODE_ENV: 'test' }),
      { logger: false },
    );
    const realFetch = globalThis.fetch;
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/oidc/jwks')) jwksFetches++;
      return realFetch(input, init);
    });
  });
  afterAll(async () => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    await app?.close();
    await cartDb?.drop();
    await identity?.close();
  });

  const signIn = async () => {
    const tokens = await identity.passwordGrant('rot.broker', 'TestPass2026');
    return tokens.access_token ?? '';
  };
  const status = async (token: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/epop-document/${brokerId}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;
  const rotate = async () => {
    clock += 30 * DAY;
    await identity.app.keyRing.tick();
    return identity.app.keyRing.set.signing.current.kid;
  };

  it('accepts the key that was published before it signed without fetching the JWKS again', async () => {
    expect(await status(await signIn())).toBe(200);
    expect(jwksFetches).toBe(1);

    const kid = await rotate();
    const token = await signIn();
    expect(decodeProtectedHeader(token).kid).toBe(kid);
    expect(await status(token)).toBe(200);
    expect(jwksFetches).toBe(1);
  });

  it('accepts a kid it has not seen after one refetch, once the cooldown since its last fetch has passed', async () => {
    // This key was published after cart-api's only fetch (by the rotation above).
    const kid = await rotate();
    const token = await signIn();
    expect(decodeProtectedHeader(token).kid).toBe(kid);

    // Within the cooldown jose does not refetch: the case identity-api's publication lead rules out
    // (a key signs only a reload + the cooldown after it was published).
    expect(await status(token)).toBe(401);
    expect(jwksFetches).toBe(1);

    // Only Date moves: jose's cooldown reads Date.now(); the servers' timers and sockets stay real.
    jest.useFakeTimers(fakeDateOnly({ now: new Date(Date.now() + JWKS_COOLDOWN_MS + 1000) }));
    try {
      expect(await status(token)).toBe(200);
      expect(jwksFetches).toBe(2);
      expect(await status(token)).toBe(200);
      expect(jwksFetches).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
