import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { DEFAULT_TEST_PASSWORD, startOnDatabase } from '../../src/testing.js';
import { refresh } from '../helpers.js';

describe('a restart on the same database', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.drop());

  it('keeps the signing keys, and tokens issued before it verify and refresh after it', async () => {
    const before = await startOnDatabase(testDb.url);
    await before.createUser({
      username: 'rex.restart',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
    });
    const tokens = await before.passwordGrant('rex.restart', DEFAULT_TEST_PASSWORD);
    const keysBefore = (await (await fetch(`${before.issuer}/jwks`)).json()) as JSONWebKeySet;
    await before.close();
    // Let fetch's keep-alive pool see the old server's sockets close before it picks one.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const after = await startOnDatabase(testDb.url, { port: Number(new URL(before.url).port) });
    try {
      expect(after.issuer).toBe(before.issuer);
      const keysAfter = (await (await fetch(`${after.issuer}/jwks`)).json()) as JSONWebKeySet;
      expect(keysAfter).toEqual(keysBefore);
      await jwtVerify(tokens.access_token ?? '', createLocalJWKSet(keysAfter), {
        issuer: after.issuer,
        audience: 'urn:pop:api',
      });

      const refreshed = await refresh(after, tokens.refresh_token ?? '');
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.access_token).toEqual(expect.any(String));
    } finally {
      await after.close();
    }
  });
});
