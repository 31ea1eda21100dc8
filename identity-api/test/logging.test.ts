import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from 'shared-domain/server';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { redactUrl } from 'service-kit';

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
    await app.inject({ method: 'GET', url: '/healthz?token=secret-one&verbose=1' });
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
      '/healthz?token=[redacted]&verbose=1',
      '/user/u-7/token/[redacted]',
      '/api/user/u-7/token/[redacted]?Token=[redacted]',
      '/oidc/token/introspection?%74oken=[redacted]&refresh_token=[redacted]',
    ]);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/healthz', '/healthz'],
    ['/healthz?page=2&token', '/healthz?page=2&token'],
    ['/oidc/token/revocation', '/oidc/token/revocation'],
    ['/user/7/token/abc/extra?x=1#f', '/user/7/token/[redacted]/extra?x=1#f'],
    ['/x?code=abc&token=a=b&%E0=1', '/x?code=[redacted]&token=[redacted]&%E0=1'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
