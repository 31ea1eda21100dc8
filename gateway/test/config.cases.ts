import { afterAll, describe, expect, it } from '@jest/globals';
import { ConfigError } from '../src/config.js';
import { tempDir, testConfig } from './helpers.js';

describe('configuration of sign-in', () => {
  const data = tempDir('config');
  afterAll(() => data.remove());

  it('defaults: 20 attempts per address, 10 per account, 120 page views, the external sign-in at identity-api', () => {
    const config = testConfig({
      DATA_DIR: data.path,
      PORT: '3300',
      IDENTITY_ISSUER: 'http://127.0.0.1:4301/oidc',
    });
    expect(config).toMatchObject({
      loginRateLimit: 20,
      loginAccountRateLimit: 10,
      accountRouteRateLimit: 30,
      pageViewRateLimit: 120,
      paymentRateLimit: 10,
      promoCodeRateLimit: 20,
      loginMessagesTtlMs: 30_000,
      publicUrl: 'http://localhost:3300',
      externalIssuer: 'http://127.0.0.1:4301/oidc',
      externalClientId: 'pop-gateway',
      externalClientSecret: config.oidcClientSecret,
    });
  });

  it('takes its own values and refuses nonsense', () => {
    const config = testConfig({
      DATA_DIR: data.path,
      LOGIN_ACCOUNT_RATE_LIMIT: '50',
      PAGE_VIEW_RATE_LIMIT: '600',
      LOGIN_MESSAGES_TTL_MS: '1000',
      PUBLIC_URL: 'https://pop.example/',
      EXTERNAL_ISSUER: 'https://idp.example/oidc',
      EXTERNAL_CLIENT_ID: 'pop-external',
      EXTERNAL_CLIENT_SECRET: 'external-secret',
    });
    expect(config).toMatchObject({
      loginAccountRateLimit: 50,
      pageViewRateLimit: 600,
      loginMessagesTtlMs: 1000,
      publicUrl: 'https://pop.example',
      externalIssuer: 'https://idp.example/oidc',
      externalClientId: 'pop-external',
      externalClientSecret: 'external-secret',
    });
    for (const env of [
      { LOGIN_ACCOUNT_RATE_LIMIT: '0' },
      { ACCOUNT_ROUTE_RATE_LIMIT: '-1' },
      { PAGE_VIEW_RATE_LIMIT: '1.5' },
      { LOGIN_RATE_LIMIT: 'many' },
      { LOGIN_MESSAGES_TTL_MS: '0' },
      { PUBLIC_URL: 'not a url' },
    ]) {
      expect(() => testConfig({ DATA_DIR: data.path, ...env })).toThrow(ConfigError);
    }
  });
});

describe('configuration of the gateway database', () => {
  const data = tempDir('config-database');
  afterAll(() => data.remove());

  it('is a SQLite file in DATA_DIR unless DATABASE_URL names one; the file cache is bounded and positive', () => {
    expect(testConfig({ DATA_DIR: data.path })).toMatchObject({
      databaseUrl: `${data.path}/gateway.sqlite`,
      remoteCacheBytes: 64 * 1024 * 1024,
    });
    const url = 'postgres://pop@db.internal:5432/pop';
    expect(
      testConfig({ DATA_DIR: data.path, DATABASE_URL: url, REMOTE_CACHE_BYTES: '1048576' }),
    ).toMatchObject({
      databaseUrl: url,
      remoteCacheBytes: 1_048_576,
    });
    for (const value of ['0', '-1', 'lots', '1.5']) {
      expect(() => testConfig({ DATA_DIR: data.path, REMOTE_CACHE_BYTES: value })).toThrow(ConfigError);
    }
  });
});
