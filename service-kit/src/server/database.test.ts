import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { createDatabase, engineOf } from './database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

describe('createDatabase', () => {
  let testDb: TestDatabase;
  let db: Kysely<{ note: { id: string; body: string } }>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.url);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('runs the same query on the engine the run asks for', async () => {
    await db.schema
      .createTable('note')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('body', 'text')
      .execute();
    await db.insertInto('note').values({ id: 'a', body: 'kept' }).execute();
    expect(await db.selectFrom('note').selectAll().execute()).toEqual([{ id: 'a', body: 'kept' }]);
    expect(engineOf(testDb.url)).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    await sql`select 1`.execute(db);
  });
});
