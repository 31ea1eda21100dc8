import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, migrateToLatest as migrateWith, type TestDatabase } from 'service-kit/server';
import { openDatabase, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { revokeAccount } from '../../src/oidc/adapter.js';

const TABLES = { tableName: 'identity_migration', lockTableName: 'identity_migration_lock' };

describe('migration 0004 on a database that already holds sessions and passcodes', () => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = openDatabase(testDb.url);
    // Everything before 0004 (later migrations, such as 0005's user links, come after it).
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0004'));
    await migrateWith(db, earlier, TABLES);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('fills in the account of stored grants and tokens, so a reset can revoke them', async () => {
    const row = (model: string, id: string, payload: object, grantId: string | null = null) => ({
      model,
      id,
      payload: JSON.stringify(payload),
      grant_id: grantId,
      user_code: null,
      uid: null,
      expires_at: null,
      consumed_at: null,
    });
    // Inserted as 0003 left the table (no account_id column yet).
    await db
      .insertInto('oidc_payload')
      .values([
        row('Grant', 'g1', { accountId: 'u1', clientId: 'c' }),
        row('RefreshToken', 'r1', { accountId: 'u1', grantId: 'g1' }, 'g1'),
        row('RefreshToken', 'r2', { grantId: 'g1' }, 'g1'),
        row('Grant', 'g2', { accountId: 'u2', clientId: 'c' }),
        row('RefreshToken', 'r3', { accountId: 'u2', grantId: 'g2' }, 'g2'),
        row('Client', 'x', { client_id: 'x' }),
      ] as never)
      .execute();

    await migrateToLatest(db);
    const accounts = await db.selectFrom('oidc_payload').select(['id', 'account_id']).orderBy('id').execute();
    expect(accounts).toEqual([
      { id: 'g1', account_id: 'u1' },
      { id: 'g2', account_id: 'u2' },
      { id: 'r1', account_id: 'u1' },
      { id: 'r2', account_id: null },
      { id: 'r3', account_id: 'u2' },
      { id: 'x', account_id: null },
    ]);

    // Tokens without the account id still go with their grant.
    await revokeAccount(db, 'u1');
    const left = await db.selectFrom('oidc_payload').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['g2', 'r3', 'x']);
  });
});
