import { afterAll, describe, expect, it } from '@jest/globals';
import type { Kysely, Migration } from 'kysely';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

interface Schema {
  note: { id: string };
}

const migrations: Record<string, Migration> = {
  '0001-note': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('note')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .execute();
    },
  },
};

describe('migrateToLatest', () => {
  const opened: { testDb: TestDatabase; db: Kysely<Schema> }[] = [];
  async function freshDatabase(): Promise<Kysely<Schema>> {
    const testDb = await createTestDatabase();
    const db = createDatabase<Schema>(testDb.url);
    opened.push({ testDb, db });
    return db;
  }
  afterAll(async () => {
    for (const { testDb, db } of opened) {
      await db.destroy();
      await testDb.drop();
    }
  });

  it('migrates once and then has nothing to do', async () => {
    const db = await freshDatabase();
    expect(
      await migrateToLatest(db, migrations, { tableName: 'x_migration', lockTableName: 'x_lock' }),
    ).toEqual(['0001-note']);
    expect(
      await migrateToLatest(db, migrations, { tableName: 'x_migration', lockTableName: 'x_lock' }),
    ).toEqual([]);
    await db.insertInto('note').values({ id: 'n1' }).execute();
  });

  it('migrates a second database even when another schema already has the bookkeeping tables', async () => {
    const first = await freshDatabase();
    const second = await freshDatabase();
    await migrateToLatest(first, migrations);
    // On PostgreSQL both are schemas of one database: the second must get tables of its own.
    expect(await migrateToLatest(second, migrations)).toEqual(['0001-note']);
    await second.insertInto('note').values({ id: 'n2' }).execute();
    expect(await second.selectFrom('note').selectAll().execute()).toEqual([{ id: 'n2' }]);
  });

  it('names the migration that failed', async () => {
    const db = await freshDatabase();
    const broken: Record<string, Migration> = {
      '0001-broken': { up: async () => Promise.reject(new Error('no such thing')) },
    };
    await expect(migrateToLatest(db, broken)).rejects.toThrow(
      'migration 0001-broken failed: Error: no such thing',
    );
  });
});
