import type { RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Service } from 'service-kit';
import { createTestDatabase, type TestDatabase } from 'shared-domain/server';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/schema.js';
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from './test-issuer.js';

export interface TestContext {
  app: Service;
  db: Kysely<Database>;
  issuer: TestIssuer;
  databaseUrl: string;
  /** A valid bearer header for a user with these roles (a fresh user id unless given). */
  bearer(account: { userId: string; roles: readonly string[]; username?: string }): Promise<string>;
  close(): Promise<void>;
}

/** cart-api on a fresh database of the engine TEST_DB asks for, trusting a local test issuer. */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  onRoute?: (route: RouteOptions) => void,
): Promise<TestContext> {
  const testDatabase: TestDatabase = await createTestDatabase();
  const issuer = await startTestIssuer();
  const config = loadConfig({
    DATABASE_URL: testDatabase.url,
    IDENTITY_ISSUER: issuer.issuer,
    ACCESS_TOKEN_AUDIENCE: TEST_AUDIENCE,
    NODE_ENV: 'test',
    ...env,
  });
  const app = await buildApp(config, { logger: false, ...(onRoute ? { onRoute } : {}) });
  return {
    app,
    db: app.db,
    issuer,
    databaseUrl: testDatabase.url,
    async bearer(account) {
      const token = await issuer.sign({
        sub: account.userId,
        roles: [...account.roles],
        username: account.username ?? account.userId,
      });
      return `Bearer ${token}`;
    },
    async close() {
      await app.close();
      await issuer.close();
      await testDatabase.drop();
    },
  };
}
