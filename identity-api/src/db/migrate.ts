import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

/** Brings the database to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'identity_migration',
    migrationLockTableName: 'identity_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
