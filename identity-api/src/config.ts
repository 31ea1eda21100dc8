import { join } from 'node:path';
import { parseTrustProxy, type TrustProxy } from 'service-kit/server';

/** Everything identity-api reads from its environment, validated once at start. */
export interface Config {
  port: number;
  host: string;
  /** Where callers reach this service; the OIDC issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  issuer: string;
  databaseUrl: string;
  gatewayClientId: string;
  gatewayClientSecret: string;
  gatewayRedirectUris: string[];
  /** cart-api's client (client credentials only): it calls the service routes under /internal. */
  cartApiClientId: string;
  cartApiClientSecret: string;
  production: boolean;
  lockout: {
    /** Consecutive wrong passwords that lock an account. */
    maxFailedAttempts: number;
    /** How long a locked account stays locked. */
    lockoutMinutes: number;
  };
  tokens: {
    accessTokenTtlSeconds: number;
    /** Longer than the gateway's 2 h absolute session, with a margin. */
    refreshTokenTtlSeconds: number;
  };
  logLevel: string;
  /** Where the browser reaches the product (the gateway): links in e-mails point there. */
  appUrl: string;
  mail: {
    /** SMTP_URL; unset: messages are written to `outboxDir` as .eml files. */
    smtpUrl: string | undefined;
    outboxDir: string;
    from: string;
    /** How long an e-mailed password-reset passcode is good for. */
    passcodeTtlMinutes: number;
  };
  /** One-time sign-in tokens (/auth?token=, the token grant): single use, short-lived. */
  loginTokenTtlSeconds: number;
  /** First-login (temporary user) tokens behind /first-time-setup/{token}. */
  temporaryTokenTtlHours: number;
  /** E-mail verification links behind /verify-email?token= (single use). */
  emailVerificationTtlHours: number;
  /** Sign-in page form posts (POST /interaction/:uid) per client address per minute. */
  signInPageRateLimit: number;
  /** Fastify's trustProxy: off, the number of proxy hops in front, or the proxies' addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** Rotation of the signing and cookie keys (README "Key rotation"). */
  keys: {
    /** How long a key signs before the schedule rotates it. */
    rotationDays: number;
    /** How often each instance rereads the key set from the database (and checks the schedule). */
    reloadMs: number;
    /**
     * How long a JWKS consumer may go without refetching on an unknown kid: jose's
     * createRemoteJWKSet cooldown (30 s), which cart-api uses.
     */
    consumerCooldownMs: number;
  };
}

/** Only for development and tests; production must set GATEWAY_CLIENT_SECRET. */
export const DEV_GATEWAY_CLIENT_SECRET = 'dev-gateway-secret-change-me';

/** Only for development and tests; production must set CART_API_CLIENT_SECRET (cart-api has the same default). */
export const DEV_CART_API_CLIENT_SECRET = 'dev-cart-api-secret-change-me';

export const OIDC_PREFIX = '/oidc';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = integer(env.PORT, 4001, 'PORT');
  const host = env.HOST || '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${publicUrl}`);
  }
  const dataDir = env.DATA_DIR || './data';
  const gatewayClientSecret = env.GATEWAY_CLIENT_SECRET || (production ? '' : DEV_GATEWAY_CLIENT_SECRET);
  if (!gatewayClientSecret) throw new Error('GATEWAY_CLIENT_SECRET is required when NODE_ENV=production');
  const cartApiClientSecret = env.CART_API_CLIENT_SECRET || (production ? '' : DEV_CART_API_CLIENT_SECRET);
  if (!cartApiClientSecret) throw new Error('CART_API_CLIENT_SECRET is required when NODE_ENV=production');
  const gatewayClientId = env.GATEWAY_CLIENT_ID || 'pop-gateway';
  const cartApiClientId = env.CART_API_CLIENT_ID || 'pop-cart-api';
  // One client id, one client: the service routes tell cart-api's tokens by their client id.
  if (cartApiClientId === gatewayClientId)
    throw new Error('CART_API_CLIENT_ID must differ from GATEWAY_CLIENT_ID');

  return {
    port,
    host,
    publicUrl,
    issuer: publicUrl + OIDC_PREFIX,
    databaseUrl: env.DATABASE_URL || join(dataDir, 'identity-api.sqlite'),
    gatewayClientId,
    gatewayClientSecret,
    gatewayRedirectUris: (env.GATEWAY_REDIRECT_URIS || 'http://localhost:3000/bff/callback')
      .split(/[\s,]+/)
      .filter(Boolean),
    cartApiClientId,
    cartApiClientSecret,
    production,
    lockout: {
      maxFailedAttempts: integer(env.LOCKOUT_MAX_FAILED_ATTEMPTS, 5, 'LOCKOUT_MAX_FAILED_ATTEMPTS'),
      lockoutMinutes: integer(env.LOCKOUT_MINUTES, 30, 'LOCKOUT_MINUTES'),
    },
    tokens: {
      accessTokenTtlSeconds: integer(env.ACCESS_TOKEN_TTL_SECONDS, 30 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
      refreshTokenTtlSeconds: integer(
        env.REFRESH_TOKEN_TTL_SECONDS,
        8 * 60 * 60,
        'REFRESH_TOKEN_TTL_SECONDS',
      ),
    },
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    appUrl: (env.APP_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      outboxDir: env.OUTBOX_DIR || join(dataDir, 'outbox'),
      from: env.MAIL_FROM || 'POP Documents <no-reply@pop-documents.example>',
      passcodeTtlMinutes: integer(env.PASSCODE_TTL_MINUTES, 15, 'PASSCODE_TTL_MINUTES'),
    },
    loginTokenTtlSeconds: integer(env.LOGIN_TOKEN_TTL_SECONDS, 5 * 60, 'LOGIN_TOKEN_TTL_SECONDS'),
    temporaryTokenTtlHours: integer(env.TEMPORARY_TOKEN_TTL_HOURS, 72, 'TEMPORARY_TOKEN_TTL_HOURS'),
    emailVerificationTtlHours: integer(env.EMAIL_VERIFICATION_TTL_HOURS, 24, 'EMAIL_VERIFICATION_TTL_HOURS'),
    signInPageRateLimit: integer(env.SIGN_IN_PAGE_RATE_LIMIT, 20, 'SIGN_IN_PAGE_RATE_LIMIT'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    keys: {
      rotationDays: integer(env.KEY_ROTATION_DAYS, 30, 'KEY_ROTATION_DAYS'),
      reloadMs: integer(env.KEY_RELOAD_MS, 60_000, 'KEY_RELOAD_MS'),
      consumerCooldownMs: 30_000,
    },
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer`);
  return parsed;
}
