import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from 'shared-domain';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { runCli } from '../src/cli.js';
import { openDatabase } from '../src/db/index.js';
import { findByUsername } from '../src/users/users.js';
import { verifyPassword } from '../src/users/password.js';

describe('cli', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await testDb.drop();
  });

  const snapshot = async () => {
    const db = openDatabase(testDb.url);
    try {
      return {
        users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
        roles: await db.selectFrom('user_role').selectAll().orderBy('user_id').execute(),
      };
    } finally {
      await db.destroy();
    }
  };

  it('migrate brings an empty database to the schema', async () => {
    expect(await runCli(['migrate'], { DATABASE_URL: testDb.url })).toBe(0);
    expect(await snapshot()).toEqual({ users: [], roles: [] });
  });

  it('seed-demo creates the demo accounts with their fixed ids, once', async () => {
    expect(await runCli(['seed-demo'], { DATABASE_URL: testDb.url })).toBe(0);
    const first = await snapshot();
    expect(first.users.map((u) => u.id)).toEqual(DEMO_ACCOUNTS.map((a) => a.userId).sort());

    const db = openDatabase(testDb.url);
    try {
      for (const account of DEMO_ACCOUNTS) {
        const user = await findByUsername(db, account.username);
        expect(user).toMatchObject({ userId: account.userId, email: account.email, roles: account.roles });
        expect(await verifyPassword(DEMO_PASSWORD, user?.passwordHash ?? '')).toBe(true);
      }
    } finally {
      await db.destroy();
    }

    expect(await runCli(['seed-demo'], { DATABASE_URL: testDb.url })).toBe(0);
    expect(await snapshot()).toEqual(first);
  });

  it('seed-demo refuses in production, with exit code 1', async () => {
    const error = jest.spyOn(console, 'error');
    expect(await runCli(['seed-demo'], { NODE_ENV: 'production', DATABASE_URL: testDb.url })).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('NODE_ENV=production'));
  });

  it('rejects an unknown command', async () => {
    expect(await runCli(['drop-everything'], { DATABASE_URL: testDb.url })).toBe(1);
  });
});
