import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, migrateToLatest as migrateWith, type TestDatabase } from 'service-kit/server';
import { openDatabase, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { exportJWK, generateKeyPair } from 'jose';
import { revokeAccount } from '../../src/oidc/adapter.js';
import { readKeySet } from '../../src/oidc/keys.js';

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

describe('migration 0006 on a database that already holds accounts', () => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = openDatabase(testDb.url);
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0006'));
    await migrateWith(db, earlier, TABLES);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('keeps an address held by one account as verified; a shared one, or one never set up, stays unverified', async () => {
    const at = (minute: number) => `2026-01-01T00:0${minute}:00.000Z`;
    const user = (id: string, email: string, minute: number) => ({
      id,
      username: id,
      username_key: id,
      email,
      first_name: 'F',
      last_name: 'L',
      company_name: '',
      password_hash: 'x',
      failed_attempts: 0,
      locked_until: null,
      password_expires_at: null,
      identity_provider: null,
      created_at: at(minute),
      updated_at: at(minute),
    });
    // Inserted as 0005 left the table (no email_verified column yet).
    await db
      .insertInto('users')
      .values([
        user('alone', 'alone@example.test', 1),
        user('first', 'Shared@example.test', 2),
        user('second', 'shared@EXAMPLE.test', 3),
        user('invited', 'invited@example.test', 4),
        user('set.up', 'set.up@example.test', 5),
        user('blank', '', 6),
      ] as never)
      .execute();
    const token = (hash: string, userId: string, consumedAt: string | null) => ({
      token_hash: hash,
      user_id: userId,
      expires_at: at(9),
      consumed_at: consumedAt,
      created_at: at(1),
    });
    await db
      .insertInto('temporary_user_token')
      .values([token('t1', 'invited', null), token('t2', 'set.up', at(6)), token('t3', 'set.up', null)])
      .execute();

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email_verified', 'pending_email'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.id, Number(row.email_verified), row.pending_email])).toEqual([
      ['alone', 1, null],
      ['blank', 0, null],
      ['first', 0, null],
      ['invited', 0, null],
      ['second', 0, null],
      ['set.up', 1, null],
    ]);
    // From now on the database refuses a second verified holder of an address, in any case.
    await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', 'first').execute();
    // Matched by its message: better-sqlite3's errors come from another realm than the test's.
    await expect(
      db.updateTable('users').set({ email_verified: 1 }).where('id', '=', 'second').execute(),
    ).rejects.toMatchObject({ message: expect.stringMatching(/users_verified_email/) });
  });
});

describe('migration 0008 on a database whose keys were generated before rotation existed', () => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = openDatabase(testDb.url);
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0008'));
    await migrateWith(db, earlier, TABLES);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('keeps them as the current keys (tokens and sessions of before still verify) and adds next keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'legacy-kid', alg: 'RS256', use: 'sig' };
    const created = '2025-01-01T00:00:00.000Z';
    await db
      .insertInto('secret')
      .values([
        { name: 'jwks', value: JSON.stringify({ keys: [jwk] }), created_at: created },
        { name: 'cookie_keys', value: JSON.stringify(['legacy-cookie-secret']), created_at: created },
      ])
      .execute();

    await migrateToLatest(db);
    const set = await readKeySet(db, new Date());
    expect(set.signing.current).toMatchObject({ kid: 'legacy-kid', activatedAt: new Date(created) });
    expect(JSON.parse(set.signing.current.material)).toEqual(jwk);
    expect(set.cookie.current.material).toBe('legacy-cookie-secret');
    expect(set.signing.next.kid).not.toBe('legacy-kid');
    expect(await db.selectFrom('secret').selectAll().execute()).toEqual([]);
  });
});
