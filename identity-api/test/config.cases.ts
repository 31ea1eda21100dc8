import { describe, expect, it } from '@jest/globals';
import { DEV_CART_API_CLIENT_SECRET, loadConfig } from '../src/config.js';

describe('loadConfig: the sign-in page limit and the trusted proxies', () => {
  it('limits the page to 20 posts a minute and trusts no X-Forwarded-For by default', () => {
    expect(loadConfig({})).toMatchObject({ signInPageRateLimit: 20, trustProxy: false });
  });

  it('reads a hop count or proxy addresses, and refuses to trust every client', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ SIGN_IN_PAGE_RATE_LIMIT: '0' })).toThrow('SIGN_IN_PAGE_RATE_LIMIT');
  });
});

describe("loadConfig: cart-api's client (client credentials)", () => {
  it('has a development default, and must be given its own secret and id in production', () => {
    expect(loadConfig({})).toMatchObject({
      cartApiClientId: 'pop-cart-api',
      cartApiClientSecret: DEV_CART_API_CLIENT_SECRET,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', GATEWAY_CLIENT_SECRET: 'g' })).toThrow(
      'CART_API_CLIENT_SECRET is required when NODE_ENV=production',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', GATEWAY_CLIENT_SECRET: 'g', CART_API_CLIENT_SECRET: 'c' })
        .cartApiClientSecret,
    ).toBe('c');
    expect(() => loadConfig({ CART_API_CLIENT_ID: 'pop-gateway' })).toThrow('must differ');
  });
});
