import { Migrator, PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

export interface MigrateOptions {
  /** Migration bookkeeping tables; services sharing one database need names of their own. */
  tableName?: string;
  lockTableName?: string;
}

/**
 * Brings a database to the latest schema with migrations kept in code; throws, naming the failing
 * migration, when one fails. On PostgreSQL the bookkeeping tables are pinned to the connection's own
 * schema: otherwise Kysely counts a same-named table in any other schema of the database (another
 * service's, or a parallel test's) as its own and never creates one where it looks for it.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  migrations: Record<string, Migration>,
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: options.tableName,
    migrationLockTableName: options.lockTableName,
    migrationTableSchema: await currentSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '';
    throw new Error(`migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function currentSchema<DB>(db: Kysely<DB>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
