import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from 'service-kit/server';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('request logging', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const testDb = await createTestDatabase();
    dropDatabase = () => testDb.drop();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: testDb.url });
    app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await app.close();
    await dropDatabase();
  });

  const urlsLogged = () =>
    lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  it('never writes a token value, in the query or in user/:userId/token/:token', async () => {
    // Not /healthz: a probe's quick success is logged at debug (service-kit requestLogging).
    await app.inject({ method: 'GET', url: '/oidc/jwks?token=secret-one&verbose=1' });
    await app.inject({ method: 'POST', url: '/user/u-7/token/secret-two', payload: {} });
    await app.inject({ method: 'POST', url: '/api/user/u-7/token/secret-three?Token=secret-four' });
    await app.inject({
      method: 'POST',
      url: '/oidc/token/introspection?%74oken=secret-five&refresh_token=secret-six',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=in-the-body',
    });

    const output = lines.join('');
    expect(output).not.toMatch(/secret-/);
    expect(urlsLogged()).toEqual([
      '/oidc/jwks?token=[redacted]&verbose=1',
      '/user/u-7/token/[redacted]',
      '/api/user/u-7/token/[redacted]?Token=[redacted]',
      '/oidc/token/introspection?%74oken=[redacted]&refresh_token=[redacted]',
    ]);
  });
});

// The rules themselves: service-kit/test/redact.test.ts (one rule set for every service).
