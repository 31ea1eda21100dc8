import { describe, expect, it } from '@jest/globals';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

describe('the payments plugin', () => {
  it('refuses to start in production without a named payment gateway, or with one it does not have', async () => {
    for (const [env, message] of [
      [
        { NODE_ENV: 'production' },
        'PAYMENT_GATEWAY is required when NODE_ENV=production (the sandbox only when named)',
      ],
      [
        { PAYMENT_GATEWAY: 'acme-pay' },
        'PAYMENT_GATEWAY "acme-pay" has no adapter; the ones available are "sandbox" and "authorize-net"',
      ],
    ] as const) {
      const config = loadConfig({ ...env, DATABASE_URL: ':memory:', CART_API_CLIENT_SECRET: 's' });
      await expect(buildApp(config, { logger: false })).rejects.toThrow(message);
    }
  });
});
