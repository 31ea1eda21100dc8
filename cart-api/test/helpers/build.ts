import type { LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Service } from 'service-kit';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/schema.js';
import { FakeIdentity } from './identity.js';
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from './test-issuer.js';

export interface TestContext {
  app: Service;
  db: Kysely<Database>;
  issuer: TestIssuer;
  /** Where the service's e-mails are written (one .eml file each). */
  outboxDir: string;
  /** identity-api's users as `app.identity` sees them: `identity.add(…)` makes one known. */
  identity: FakeIdentity;
  databaseUrl: string;
  /** A request as `account` (its bearer), with `payload` as the JSON body when given. */
  send(
    account: { userId: string; roles: readonly string[] },
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** A valid bearer header for a user with these roles (a fresh user id unless given). */
  bearer(account: { userId: string; roles: readonly string[]; username?: string }): Promise<string>;
  close(): Promise<void>;
}

/** cart-api on a fresh database of the engine TEST_DB asks for, trusting a local test issuer. */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  onRoute?: (route: RouteOptions) => void,
  options: Pick<BuildOptions, 'logger' | 'payments' | 'now'> = {},
): Promise<TestContext> {
  const testDatabase: TestDatabase = await createTestDatabase();
  const issuer = await startTestIssuer();
  // E-mails go to this test's own outbox (.eml files), read back by the tests that send one.
  const outboxDir = await mkdtemp(join(tmpdir(), 'cart-api-outbox-'));
  const config = loadConfig({
    DATABASE_URL: testDatabase.url,
    OUTBOX_DIR: outboxDir,
    // The tests' payments go to the sandbox, also those in production mode.
    PAYMENT_GATEWAY: 'sandbox',
    // No background worker: a test runs the jobs when it wants them (app.jobs.runner.runDue()), so a
    // job never changes a table while a test compares snapshots.
    JOBS_POLL_MS: '0',
    IDENTITY_ISSUER: issuer.issuer,
    ACCESS_TOKEN_AUDIENCE: TEST_AUDIENCE,
    NODE_ENV: 'test',
    ...env,
  });
  const identity = new FakeIdentity();
  const app = await buildApp(config, {
    logger: false,
    identity,
    ...options,
    ...(onRoute ? { onRoute } : {}),
  });
  const context: TestContext = {
    app,
    db: app.db,
    issuer,
    identity,
    outboxDir,
    databaseUrl: testDatabase.url,
    async bearer(account) {
      const token = await issuer.sign({
        sub: account.userId,
        roles: [...account.roles],
        username: account.username ?? account.userId,
      });
      return `Bearer ${token}`;
    },
    async send(account, method, url, payload) {
      return app.inject({
        method,
        url,
        headers: { authorization: await context.bearer(account) },
        ...(payload ? { payload } : {}),
      });
    },
    async close() {
      await app.close();
      await issuer.close();
      await testDatabase.drop();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
  return context;
}
