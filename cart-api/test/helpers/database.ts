import type { Kysely } from 'kysely';
import { createDatabase, createTestDatabase } from 'service-kit/server';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';

/** A fresh database of the engine TEST_DB asks for, migrated (the policies' tests need no HTTP). */
export async function migratedDatabase(): Promise<{
  db: Kysely<Database>;
  /** Where it is (a child process opens it too). */
  url: string;
  close(): Promise<void>;
}> {
  const testDatabase = await createTestDatabase();
  const db = createDatabase<Database>(testDatabase.url);
  await migrateToLatest(db);
  return {
    db,
    url: testDatabase.url,
    async close() {
      await db.destroy();
      await testDatabase.drop();
    },
  };
}
