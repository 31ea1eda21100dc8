import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from 'shared-domain';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { openDatabase, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { hashPassword, verifyPassword } from '../../src/users/password.js';
import { createUser, findByUsername, UsernameTakenError } from '../../src/users/users.js';

describe('passwords', () => {
  it('stores a self-describing scrypt hash with its own salt', async () => {
    const first = await hashPassword('Secret2026');
    const second = await hashPassword('Secret2026');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Secret2026', first)).toBe(true);
    expect(await verifyPassword('secret2026', first)).toBe(false);
    expect(await verifyPassword('Secret2026', 'plain-text')).toBe(false);
  });
});

describe('users', () => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = openDatabase(testDb.url);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  const base = { password: 'Secret2026', email: 'u@example.com', firstName: 'U', lastName: 'Ser' };

  it('finds users by username whatever the case, and keeps usernames unique the same way', async () => {
    const user = await createUser(db, { ...base, username: 'Mixed.Case', roles: ['broker', 'broker'] });
    expect(await findByUsername(db, 'mixed.CASE')).toMatchObject({
      userId: user.userId,
      username: 'Mixed.Case',
      roles: ['broker'],
      failedAttempts: 0,
      lockedUntil: null,
    });
    await expect(createUser(db, { ...base, username: 'MIXED.case', roles: [] })).rejects.toBeInstanceOf(
      UsernameTakenError,
    );
  });

  it('refuses roles outside the product roles', async () => {
    await expect(createUser(db, { ...base, username: 'bad.role', roles: ['root' as Role] })).rejects.toThrow(
      /unknown roles/,
    );
    expect(await findByUsername(db, 'bad.role')).toBeUndefined();
  });
});
