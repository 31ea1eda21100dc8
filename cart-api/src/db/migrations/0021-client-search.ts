import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 'Search All Clients' at scale (issue 12's benchmark, bench/README.md "back-office"): the search
 * matches a client's name, its account id or its tax id (with or without the dash).
 * - SQLite: the kind-and-name index also carries the account id and tax id, so a search reads the
 *   index alone, never the table's rows (the same name: migration 0001's `down` drops it by it).
 * - PostgreSQL: the name has its trigram index (0012); the account id gets one on its lower case and
 *   the tax id (matched whole) one of its own, so the OR of the three is three index scans, not a
 *   sequential scan of every company.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function kindNameIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('company_kind_name').execute();
  await db.schema.createIndex('company_kind_name').on('company').columns(columns).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await kindNameIndex(db, ['kind', 'name', 'strategic_partner_account_id', 'federal_tax_id']);
    return;
  }
  await db.schema
    .createIndex('company_account_id_lower')
    .on('company')
    .expression(sql`lower(strategic_partner_account_id)`)
    .execute();
  await db.schema.createIndex('company_federal_tax_id').on('company').column('federal_tax_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await kindNameIndex(db, ['kind', 'name']);
    return;
  }
  await db.schema.dropIndex('company_federal_tax_id').execute();
  await db.schema.dropIndex('company_account_id_lower').execute();
}
