import { afterAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { freePort, startOnDatabase, type TestIdentityApi } from 'identity-api/testing';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { buildApp } from '../../src/app.js';
import { CSRF, tempDir, testConfig } from '../helpers.js';

describe('identity-api discovery', () => {
  const data = tempDir('discovery');
  let testDb: TestDatabase | undefined;
  let identity: TestIdentityApi | undefined;
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await identity?.close();
    await testDb?.drop();
    data.remove();
  });

  it('lets the gateway start before identity-api and retries discovery once it is up', async () => {
    const port = await freePort();
    app = await buildApp(
      testConfig({
        DATA_DIR: data.path,
        IDENTITY_ISSUER: `http://127.0.0.1:${port}/oidc`,
        IDENTITY_URL: `http://127.0.0.1:${port}`,
      }),
    );
    const login = () =>
      app!.inject({
        method: 'POST',
        url: '/bff/login',
        headers: CSRF,
        payload: { username: 'late.user', password: 'GoodPass2026' },
      });
    expect((await login()).statusCode).toBe(502);

    testDb = await createTestDatabase();
    identity = await startOnDatabase(testDb.url, { port });
    await identity.createUser({ username: 'late.user', password: 'GoodPass2026', roles: ['epop'] });
    const response = await login();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'late.user', roleGroup: 'epop' });
  });
});
