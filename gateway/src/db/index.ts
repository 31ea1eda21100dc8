import type { Kysely } from 'kysely';
import { createDatabase, migrateToLatest } from 'service-kit/server';
import { migrations } from './migrations/index.js';
import type { GatewayDatabase } from './schema.js';

export type GatewayDb = Kysely<GatewayDatabase>;

/**
 * Opens the gateway's database (a SQLite file or `postgres://`) and brings its schema up to date
 * before anything reads it; closed again when the migration fails. Its own bookkeeping tables, so it
 * may share a PostgreSQL database with the APIs.
 */
export async function openGatewayDatabase(
  databaseUrl: string,
  onPoolError: (error: Error) => void = () => undefined,
): Promise<GatewayDb> {
  const db = createDatabase<GatewayDatabase>(databaseUrl, { onConnectionError: onPoolError });
  try {
    await migrateToLatest(db, migrations, {
      tableName: 'gateway_migration',
      lockTableName: 'gateway_migration_lock',
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
