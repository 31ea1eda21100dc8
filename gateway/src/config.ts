import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  metricsSettings,
  parseTrustProxy,
  TrustProxyError,
  type MetricsSettings,
  type TrustProxy,
} from 'service-kit/server';

/** Everything the gateway reads from its environment, resolved and validated once at start. */
export interface GatewayConfig {
  port: number;
  host: string;
  production: boolean;
  /** The OIDC issuer the password and refresh grants go to (discovery happens lazily). */
  identityIssuer: string;
  /** identity-api's base URL: the upstream of the account routes and of its /healthz. */
  identityUrl: string;
  cartApiUrl: string;
  oidcClientId: string;
  oidcClientSecret: string;
  sessionSecret: string;
  dataDir: string;
  /** Sessions live in Redis when set, else in `${dataDir}/gateway-sessions.sqlite`. */
  redisUrl: string | undefined;
  shellDir: string;
  /**
   * The gateway's database (DATABASE_URL): the remote registry and the published bundles. A
   * `postgres://` URL, shared by every gateway instance, or a SQLite file (`${dataDir}/gateway.sqlite`).
   */
  databaseUrl: string;
  /** Bytes of published remote files kept in memory per instance (REMOTE_CACHE_BYTES). */
  remoteCacheBytes: number;
  /** Sign-in attempts (password and sign-in link) allowed per client address and minute. */
  loginRateLimit: number;
  /** Password attempts allowed per account (lower-cased, trimmed username) and minute. */
  loginAccountRateLimit: number;
  /** Guest account calls (registration, reset, first-time setup) allowed per client address and minute. */
  accountRouteRateLimit: number;
  /** Page views (POST /api/page-view, open to guests) allowed per client address and minute. */
  pageViewRateLimit: number;
  /** Card and ACH purchases per client address and minute (their own counter). */
  paymentRateLimit: number;
  /** Promo codes applied per client address and minute (their own counter). */
  promoCodeRateLimit: number;
  /** How long the sign-in page keeps cart-api's login messages before asking again (ms). */
  loginMessagesTtlMs: number;
  /** Where the browser reaches the gateway: the external sign-in's redirect_uri is `${publicUrl}/bff/callback`. */
  publicUrl: string;
  /**
   * The issuer of the external identity page (authorization code + PKCE); default identityIssuer.
   * cart-api and identity-api accept only identity-api's access tokens, so this must be identity-api
   * (which fronts the organisation's identity provider) or an issuer whose access tokens both APIs trust.
   */
  externalIssuer: string;
  externalClientId: string;
  externalClientSecret: string;
  logLevel: string;
  /** Largest request body accepted (bytes), for /bff and for what /api forwards. */
  bodyLimit: number;
  /** Largest body of an upload route (MULTIPART_ROUTES: the Colonial return file), in bytes. */
  uploadBodyLimit: number;
  /** Fastify's trustProxy: off, the number of proxy hops in front, or the proxies' addresses/CIDRs. */
  trustProxy: TrustProxy;
  /**
   * `/api/openapi.json` and `/api/docs` (API_DOCS): on outside production; in production only with
   * API_DOCS=on, and then for compliance sessions only.
   */
  apiDocs: 'open' | 'compliance' | 'off';
  /** How long an upstream may take to answer before the gateway gives up with 504 (UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number;
  /** A request at least this slow is logged at info even when it succeeded (SLOW_REQUEST_MS). */
  slowRequestMs: number;
  /** METRICS_TOKEN / METRICS_PORT / METRICS_HOST (service-kit README "Metrics, readiness and shutdown"). */
  metrics: MetricsSettings;
}

/** identity-api's dev default: the two packages must agree on it outside production. */
export const DEV_OIDC_CLIENT_SECRET = 'dev-gateway-secret-change-me';
const SESSION_SECRET_FILE = 'gateway-session-secret';
const MIN_SECRET_LENGTH = 32;

/** The package root (gateway/), whether we run from src/ (tests) or dist/. */
export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The monorepo root, where the shell and the remotes are built. */
export const repoDir = resolve(packageDir, '..');

export class ConfigError extends Error {}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new ConfigError(`Invalid PORT: ${value}`);
  return parsed;
}

function url(name: string, value: string | undefined, fallback: string): string {
  const raw = value || fallback;
  try {
    return new URL(raw).href.replace(/\/$/, '');
  } catch {
    throw new ConfigError(`Invalid ${name}: ${raw}`);
  }
}

/**
 * Outside production an unset SESSION_SECRET is generated once and kept in DATA_DIR, so sessions
 * survive restarts on a developer machine; production must configure it.
 */
function sessionSecret(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): string {
  const configured = env.SESSION_SECRET;
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return configured;
  }
  if (production) throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  const generated = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

function trustProxy(value: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(error.message);
    throw error;
  }
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new ConfigError(`Invalid ${name}: ${value}`);
  return parsed;
}

/** The shell build the gateway serves (SHELL_DIR): remotes must match its shared singletons. */
export function shellDirOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.SHELL_DIR || join(repoDir, 'shell', 'dist'));
}

/** DATABASE_URL as the APIs read it: `postgres://…`, else a SQLite file, by default in DATA_DIR. */
export function databaseUrlOf(env: NodeJS.ProcessEnv): string {
  return env.DATABASE_URL || join(resolve(env.DATA_DIR || './data'), 'gateway.sqlite');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR || './data');
  const oidcClientSecret = env.OIDC_CLIENT_SECRET || (production ? '' : DEV_OIDC_CLIENT_SECRET);
  if (!oidcClientSecret) throw new ConfigError('OIDC_CLIENT_SECRET is required when NODE_ENV=production');
  const listenPort = port(env.PORT, 3000);
  const identityIssuer = url('IDENTITY_ISSUER', env.IDENTITY_ISSUER, 'http://127.0.0.1:4001/oidc');
  const oidcClientId = env.OIDC_CLIENT_ID || 'pop-gateway';
  return {
    port: listenPort,
    host: env.HOST || 'localhost',
    production,
    identityIssuer,
    identityUrl: url('IDENTITY_URL', env.IDENTITY_URL, 'http://127.0.0.1:4001'),
    cartApiUrl: url('CART_API_URL', env.CART_API_URL, 'http://127.0.0.1:4002'),
    oidcClientId,
    oidcClientSecret,
    sessionSecret: sessionSecret(env, dataDir, production),
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    shellDir: shellDirOf(env),
    databaseUrl: databaseUrlOf(env),
    remoteCacheBytes: positiveInteger('REMOTE_CACHE_BYTES', env.REMOTE_CACHE_BYTES, 64 * 1024 * 1024),
    loginRateLimit: positiveInteger('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 20),
    // Above identity-api's lockout (5 wrong passwords): the lockout answers first, this stops the flood.
    loginAccountRateLimit: positiveInteger('LOGIN_ACCOUNT_RATE_LIMIT', env.LOGIN_ACCOUNT_RATE_LIMIT, 10),
    accountRouteRateLimit: positiveInteger('ACCOUNT_ROUTE_RATE_LIMIT', env.ACCOUNT_ROUTE_RATE_LIMIT, 30),
    pageViewRateLimit: positiveInteger('PAGE_VIEW_RATE_LIMIT', env.PAGE_VIEW_RATE_LIMIT, 120),
    paymentRateLimit: positiveInteger('PAYMENT_RATE_LIMIT', env.PAYMENT_RATE_LIMIT, 10),
    promoCodeRateLimit: positiveInteger('PROMO_CODE_RATE_LIMIT', env.PROMO_CODE_RATE_LIMIT, 20),
    loginMessagesTtlMs: positiveInteger('LOGIN_MESSAGES_TTL_MS', env.LOGIN_MESSAGES_TTL_MS, 30_000),
    publicUrl: url('PUBLIC_URL', env.PUBLIC_URL, `http://localhost:${listenPort}`),
    externalIssuer: url('EXTERNAL_ISSUER', env.EXTERNAL_ISSUER, identityIssuer),
    externalClientId: env.EXTERNAL_CLIENT_ID || oidcClientId,
    externalClientSecret: env.EXTERNAL_CLIENT_SECRET || oidcClientSecret,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    bodyLimit: positiveInteger('BODY_LIMIT', env.BODY_LIMIT, 1024 * 1024),
    // cart-api takes a return file of 10 MiB; the multipart envelope around it is a few hundred bytes.
    uploadBodyLimit: positiveInteger(
      'UPLOAD_BODY_LIMIT',
      env.UPLOAD_BODY_LIMIT,
      10 * 1024 * 1024 + 64 * 1024,
    ),
    trustProxy: trustProxy(env.TRUST_PROXY),
    apiDocs: apiDocs(env.API_DOCS, production),
    upstreamTimeoutMs: positiveInteger('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 10_000),
    slowRequestMs: positiveInteger('SLOW_REQUEST_MS', env.SLOW_REQUEST_MS, 1000),
    metrics: metricsSettings(env),
  };
}

function apiDocs(value: string | undefined, production: boolean): GatewayConfig['apiDocs'] {
  if (value === undefined || value === '') return production ? 'off' : 'open';
  if (value === 'off') return 'off';
  if (value === 'on') return production ? 'compliance' : 'open';
  throw new ConfigError(`Invalid API_DOCS: ${value} (on or off)`);
}
