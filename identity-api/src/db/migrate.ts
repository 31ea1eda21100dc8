import type { Kysely } from 'kysely';
import { migrateToLatest as migrate } from 'service-kit/server';
import { migrations } from './migrations/index.js';

/** Brings the database to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return migrate(db, migrations, {
    tableName: 'identity_migration',
    lockTableName: 'identity_migration_lock',
  });
}
