import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has defaults that run on one machine with nothing installed', () => {
    expect(loadConfig({})).toEqual({
      port: 4002,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: 'data/cart-api.sqlite',
      identityIssuer: 'http://127.0.0.1:4001/oidc',
      accessTokenAudience: 'urn:pop:api',
      nodeEnv: 'development',
      logLevel: 'info',
      exposeStackTraces: true,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '5000',
      DATA_DIR: '/var/lib/pop',
      IDENTITY_ISSUER: 'https://id.example.com/oidc/',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: '/var/lib/pop/cart-api.sqlite',
      identityIssuer: 'https://id.example.com/oidc',
      exposeStackTraces: false,
    });
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow('PORT must be a port number');
  });
});
