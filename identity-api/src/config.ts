import { join } from 'node:path';

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
}

/** Only for development and tests; production must set GATEWAY_CLIENT_SECRET. */
export const DEV_GATEWAY_CLIENT_SECRET = 'dev-gateway-secret-change-me';

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

  return {
    port,
    host,
    publicUrl,
    issuer: publicUrl + OIDC_PREFIX,
    databaseUrl: env.DATABASE_URL || join(dataDir, 'identity-api.sqlite'),
    gatewayClientId: env.GATEWAY_CLIENT_ID || 'pop-gateway',
    gatewayClientSecret,
    gatewayRedirectUris: (env.GATEWAY_REDIRECT_URIS || 'http://localhost:3000/bff/callback')
      .split(/[\s,]+/)
      .filter(Boolean),
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
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer`);
  return parsed;
}
