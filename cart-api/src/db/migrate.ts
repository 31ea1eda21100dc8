import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as referenceData from './migrations/0002-reference-data.js';

/**
 * Migrations live in code (not a folder read at runtime) so the swc build and Jest see the same
 * list. Names sort in the order they run; never rename or edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-reference-data': referenceData,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the database to the latest schema; throws (and changes nothing more) when one fails. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`cart-api migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
