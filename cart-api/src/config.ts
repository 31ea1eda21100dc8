import { Cron } from 'croner';
import {
  metricsSettings,
  shutdownGraceMs,
  shutdownTimeoutMs,
  type MetricsSettings,
} from 'service-kit/server';
import { join } from 'node:path';
import { authorizeNetConfig, type AuthorizeNetConfig } from './payments/authorize-net/config.js';

/** cart-api's configuration, read once from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` for PostgreSQL, otherwise a SQLite file path. */
  databaseUrl: string;
  /** identity-api's issuer; its discovery document names the JWKS that signs access tokens. */
  identityIssuer: string;
  accessTokenAudience: string;
  /** identity-api's base URL for the service routes (`/internal/…`); the issuer without `/oidc` by default. */
  identityUrl: string;
  /** cart-api's own client at identity-api (client credentials): users looked up and invited. */
  cartApiClientId: string;
  /** Unset only in production without CART_API_CLIENT_SECRET: the service then refuses to start. */
  cartApiClientSecret: string | undefined;
  /** Where the browser reaches the product (the gateway): links in e-mails point there. */
  appUrl: string;
  mail: {
    /** SMTP_URL; unset: messages are written to `outboxDir` as .eml files. */
    smtpUrl: string | undefined;
    outboxDir: string;
    from: string;
  };
  payments: {
    /**
     * PAYMENT_GATEWAY: the adapter that charges (README "Payments"); `sandbox` by default outside
     * production, where it must be named ('' then: the service refuses to start).
     */
    gateway: string;
    /** PAYMENT_SANDBOX_DELAY_MS: the sandbox's pretend network time per call. */
    sandboxDelayMs: number;
    /** PAYMENT_SANDBOX_SETTLE_MS: how long the sandbox keeps an approved ACH debit pending (2 minutes). */
    sandboxSettleMs: number;
    /** AUTHORIZE_NET_*: the account when PAYMENT_GATEWAY=authorize-net (required then), unset otherwise. */
    authorizeNet?: AuthorizeNetConfig;
  };
  jobs: {
    /** JOBS_POLL_MS: how often the worker looks for due jobs; 0 runs no background worker. */
    pollMs: number;
    /**
     * REMINDERS_SCHEDULE: when the day's reminder scan is queued, a cron pattern in the product's
     * time zone (default 07:00 every day); '' or `off`: never (the `run-jobs` command still scans).
     */
    remindersSchedule: string;
    /**
     * PAYMENT_SETTLEMENT_CHECK_MS: how long the settlement job waits before it asks the processor
     * again about a pending payment (README "Payments"): 1 minute with the sandbox, else 1 hour.
     */
    settlementCheckMs: number;
  };
  /** METRICS_TOKEN / METRICS_PORT / METRICS_HOST: where /metrics is exposed (service-kit README). */
  metrics: MetricsSettings;
  /** SHUTDOWN_TIMEOUT_MS: how long a SIGTERM waits for the requests and jobs under way (10 s). */
  shutdownTimeoutMs: number;
  /**
   * SHUTDOWN_GRACE_MS: how long a SIGTERM keeps listening and serving after /readyz turned 503,
   * before the listener closes (0): the load balancer's time to take the instance out.
   */
  shutdownGraceMs: number;
  nodeEnv: string;
  logLevel: string;
  /** Stack traces in 500 answers only outside production (the specs' error window). */
  exposeStackTraces: boolean;
}

/** Only for development and tests; identity-api has the same default. Production sets its own. */
export const DEV_CART_API_CLIENT_SECRET = 'dev-cart-api-secret-change-me';

function nonNegativeInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, got "${text}"`);
  return value;
}

/** The reminder scan's cron pattern: checked at start, so a typo stops the service, not the reminders. */
function remindersSchedule(text: string | undefined): string {
  if (text === undefined) return '0 7 * * *';
  const pattern = text.trim();
  if (pattern === '' || pattern === 'off') return '';
  try {
    new Cron(pattern, { paused: true }).stop();
  } catch (error) {
    throw new Error(
      `REMINDERS_SCHEDULE must be a cron pattern or "off", got "${text}": ${(error as Error).message}`,
    );
  }
  return pattern;
}

/** How often a pending payment is asked about: at least a second (0 would ask in a loop). */
function settlementCheckMs(env: NodeJS.ProcessEnv): number {
  const real = (env.PAYMENT_GATEWAY || 'sandbox') !== 'sandbox';
  const value = nonNegativeInteger(
    'PAYMENT_SETTLEMENT_CHECK_MS',
    env.PAYMENT_SETTLEMENT_CHECK_MS,
    real ? 60 * 60_000 : 60_000,
  );
  if (value < 1000) throw new Error(`PAYMENT_SETTLEMENT_CHECK_MS must be at least 1000, got "${value}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR || './data';
  const nodeEnv = env.NODE_ENV || 'development';
  const port = Number(env.PORT || 4002);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const identityIssuer = (env.IDENTITY_ISSUER || 'http://127.0.0.1:4001/oidc').replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || join(dataDir, 'cart-api.sqlite'),
    identityIssuer,
    accessTokenAudience: env.ACCESS_TOKEN_AUDIENCE || 'urn:pop:api',
    identityUrl: (env.IDENTITY_URL || identityIssuer.replace(/\/oidc$/, '')).replace(/\/+$/, ''),
    cartApiClientId: env.CART_API_CLIENT_ID || 'pop-cart-api',
    cartApiClientSecret:
      env.CART_API_CLIENT_SECRET || (nodeEnv === 'production' ? undefined : DEV_CART_API_CLIENT_SECRET),
    appUrl: (env.APP_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      outboxDir: env.OUTBOX_DIR || join(dataDir, 'outbox'),
      from: env.MAIL_FROM || 'POP Documents <no-reply@pop-documents.example>',
    },
    payments: {
      gateway: env.PAYMENT_GATEWAY || (nodeEnv === 'production' ? '' : 'sandbox'),
      sandboxDelayMs: nonNegativeInteger('PAYMENT_SANDBOX_DELAY_MS', env.PAYMENT_SANDBOX_DELAY_MS, 0),
      sandboxSettleMs: nonNegativeInteger(
        'PAYMENT_SANDBOX_SETTLE_MS',
        env.PAYMENT_SANDBOX_SETTLE_MS,
        120_000,
      ),
      authorizeNet: authorizeNetConfig(env, nodeEnv),
    },
    jobs: {
      pollMs: nonNegativeInteger('JOBS_POLL_MS', env.JOBS_POLL_MS, 5000),
      remindersSchedule: remindersSchedule(env.REMINDERS_SCHEDULE),
      settlementCheckMs: settlementCheckMs(env),
    },
    metrics: metricsSettings(env),
    shutdownTimeoutMs: shutdownTimeoutMs(env),
    shutdownGraceMs: shutdownGraceMs(env),
    nodeEnv,
    logLevel: env.LOG_LEVEL || 'info',
    exposeStackTraces: nodeEnv !== 'production',
  };
}
