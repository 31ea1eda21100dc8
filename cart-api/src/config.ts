import { join } from 'node:path';

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
  nodeEnv: string;
  logLevel: string;
  /** Stack traces in 500 answers only outside production (the specs' error window). */
  exposeStackTraces: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR || './data';
  const nodeEnv = env.NODE_ENV || 'development';
  const port = Number(env.PORT || 4002);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || join(dataDir, 'cart-api.sqlite'),
    identityIssuer: (env.IDENTITY_ISSUER || 'http://127.0.0.1:4001/oidc').replace(/\/+$/, ''),
    accessTokenAudience: env.ACCESS_TOKEN_AUDIENCE || 'urn:pop:api',
    nodeEnv,
    logLevel: env.LOG_LEVEL || 'info',
    exposeStackTraces: nodeEnv !== 'production',
  };
}
