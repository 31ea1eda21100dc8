import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Role } from 'shared-domain';
import { createTestDatabase } from 'shared-domain/server';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createUser } from './users/users.js';

/**
 * A real identity-api for other packages' tests (`identity-api/testing`): the whole app on
 * 127.0.0.1, a free port, a fresh database from createTestDatabase() (SQLite, or PostgreSQL with
 * TEST_DB=postgres). close() stops it and drops the database.
 */
export const DEFAULT_TEST_PASSWORD = 'TestPass2026';

export interface TestUserInput {
  username: string;
  password: string;
  roles: Role[];
  email?: string;
  firstName?: string;
  lastName?: string;
  userId?: string;
  /** ISO date-time; in the past makes sign-in answer password_expired. */
  passwordExpiresAt?: string;
  /** Set to make sign-in answer gsuite. */
  identityProvider?: string;
}

/** The token endpoint's JSON: tokens on success, `{error, error_description}` on refusal. */
export interface TokenEndpointResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

export interface TestIdentityApi {
  issuer: string;
  url: string;
  clientId: string;
  clientSecret: string;
  createUser(input: TestUserInput): Promise<{ userId: string }>;
  passwordGrant(username: string, password: string): Promise<TokenEndpointResponse>;
  close(): Promise<void>;
  /** The running app (for identity-api's own tests). */
  app: FastifyInstance;
  databaseUrl: string;
}

export async function startIdentityApi(options: { users?: TestUserInput[] } = {}): Promise<TestIdentityApi> {
  const testDb = await createTestDatabase();
  try {
    const api = await startOnDatabase(testDb.url);
    for (const user of options.users ?? []) await api.createUser(user);
    return {
      ...api,
      async close() {
        await api.close();
        await testDb.drop();
      },
    };
  } catch (error) {
    await testDb.drop();
    throw error;
  }
}

/**
 * Starts the app on an existing database; close() leaves the database in place, so a test can start
 * it again on the same database and port (same issuer), as after a restart.
 */
export async function startOnDatabase(
  databaseUrl: string,
  options: { port?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<TestIdentityApi> {
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://127.0.0.1:${port}`;
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(config.gatewayClientId)}:${encodeURIComponent(config.gatewayClientSecret)}`).toString('base64')}`;

  return {
    issuer: config.issuer,
    url,
    clientId: config.gatewayClientId,
    clientSecret: config.gatewayClientSecret,
    app,
    databaseUrl,
    async createUser(input) {
      const user = await createUser(app.identityDb, {
        userId: input.userId,
        username: input.username,
        password: input.password,
        roles: input.roles,
        email: input.email ?? `${input.username}@example.com`,
        firstName: input.firstName ?? 'Test',
        lastName: input.lastName ?? 'User',
        passwordExpiresAt: input.passwordExpiresAt,
        identityProvider: input.identityProvider,
      });
      return { userId: user.userId };
    },
    async passwordGrant(username, password) {
      const response = await fetch(`${config.issuer}/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username,
          password,
          scope: 'openid offline_access',
        }),
      });
      return (await response.json()) as TokenEndpointResponse;
    },
    async close() {
      await app.close();
    },
  };
}

/** A port nothing listens on right now, for a test server whose URL must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
