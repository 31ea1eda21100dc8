import { describe, expect, it } from '@jest/globals';
import { DEV_CART_API_CLIENT_SECRET, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has defaults that run on one machine with nothing installed', () => {
    expect(loadConfig({})).toEqual({
      port: 4002,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: 'data/cart-api.sqlite',
      identityIssuer: 'http://127.0.0.1:4001/oidc',
      accessTokenAudience: 'urn:pop:api',
      appUrl: 'http://localhost:3000',
      mail: {
        from: 'POP Documents <no-reply@pop-documents.example>',
        outboxDir: 'data/outbox',
        smtpUrl: undefined,
      },
      identityUrl: 'http://127.0.0.1:4001',
      cartApiClientId: 'pop-cart-api',
      cartApiClientSecret: DEV_CART_API_CLIENT_SECRET,
      payments: { gateway: 'sandbox', sandboxDelayMs: 0, sandboxSettleMs: 120_000, authorizeNet: undefined },
      jobs: { pollMs: 5000, remindersSchedule: '0 7 * * *', settlementCheckMs: 60_000 },
      // /metrics nowhere until METRICS_TOKEN or METRICS_PORT says where.
      metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
      shutdownTimeoutMs: 10_000,
      // The listener closes at once on SIGTERM unless a load balancer needs the time to notice.
      shutdownGraceMs: 0,
      nodeEnv: 'development',
      logLevel: 'info',
      exposeStackTraces: true,
    });
  });

  it('reads the environment', () => {
    expect(
      loadConfig({
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.2',
        SHUTDOWN_TIMEOUT_MS: '3000',
        SHUTDOWN_GRACE_MS: '2500',
      }),
    ).toMatchObject({
      metrics: { port: 9464, host: '10.0.0.2' },
      shutdownTimeoutMs: 3000,
      shutdownGraceMs: 2500,
    });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
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
      identityUrl: 'https://id.example.com',
      cartApiClientSecret: undefined,
      // No payment adapter is taken for granted in production: the service refuses to start.
      payments: { gateway: '', sandboxDelayMs: 0 },
      exposeStackTraces: false,
    });
    expect(
      loadConfig({
        IDENTITY_URL: 'http://10.0.0.5:4001/',
        CART_API_CLIENT_SECRET: 's',
        NODE_ENV: 'production',
      }),
    ).toMatchObject({ identityUrl: 'http://10.0.0.5:4001', cartApiClientSecret: 's' });
  });

  it('reads the payment gateway and refuses a delay that is not a whole number', () => {
    expect(
      loadConfig({ PAYMENT_GATEWAY: 'sandbox', PAYMENT_SANDBOX_DELAY_MS: '250', NODE_ENV: 'production' })
        .payments,
    ).toEqual({
      gateway: 'sandbox',
      sandboxDelayMs: 250,
      sandboxSettleMs: 120_000,
      authorizeNet: undefined,
    });
    expect(() => loadConfig({ PAYMENT_SANDBOX_DELAY_MS: '-1' })).toThrow(
      'PAYMENT_SANDBOX_DELAY_MS must be a whole number',
    );
  });

  it('reads how ACH settles: the sandbox’s delay, and how often the settlement job asks (never in a loop)', () => {
    const config = loadConfig({ PAYMENT_SANDBOX_SETTLE_MS: '5000', PAYMENT_SETTLEMENT_CHECK_MS: '2000' });
    expect([config.payments.sandboxSettleMs, config.jobs.settlementCheckMs]).toEqual([5000, 2000]);
    // A real processor settles in days: asked hourly unless told otherwise.
    expect(
      loadConfig({
        PAYMENT_GATEWAY: 'authorize-net',
        AUTHORIZE_NET_API_LOGIN_ID: 'login',
        AUTHORIZE_NET_TRANSACTION_KEY: 'key',
        AUTHORIZE_NET_ENDPOINT: 'sandbox',
      }).jobs.settlementCheckMs,
    ).toBe(3_600_000);
    expect(() => loadConfig({ PAYMENT_SETTLEMENT_CHECK_MS: '0' })).toThrow(
      'PAYMENT_SETTLEMENT_CHECK_MS must be at least 1000',
    );
  });

  it('reads the reminders schedule, "off" for none, and refuses a pattern that is not cron', () => {
    expect(loadConfig({ REMINDERS_SCHEDULE: '30 6 * * 1-5' }).jobs.remindersSchedule).toBe('30 6 * * 1-5');
    expect(loadConfig({ REMINDERS_SCHEDULE: 'off' }).jobs.remindersSchedule).toBe('');
    expect(() => loadConfig({ REMINDERS_SCHEDULE: 'every day' })).toThrow(/REMINDERS_SCHEDULE/);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow('PORT must be a port number');
  });
});
