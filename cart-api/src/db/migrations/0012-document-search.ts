import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 'My POP Documents' at scale (issue 9's benchmark, bench/README.md "document-latency"): the owner's
 * list index also carries the client id, so a search by company name filters the owner's documents
 * without reading them; on PostgreSQL a trigram index (pg_trgm, shipped with PostgreSQL) serves
 * `lower(name) LIKE '%…%'` on companies, for the document search and the admin client search. The
 * index keeps its name: migration 0003's `down` drops it by that name.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function documentsIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('epop_document_owner_active_created').execute();
  await db.schema
    .createIndex('epop_document_owner_active_created')
    .on('epop_document')
    .columns(columns)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await documentsIndex(db, ['owner_user_id', 'active', 'created_at', 'document_id', 'client_company_id']);
  if (isPostgres(db)) {
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    } catch (error) {
      // Two databases migrating at once on one server: the other one installed it meanwhile.
      const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (rows.length === 0) throw error;
    }
    // The schema the extension lives in names its operator class (each test file has its own schema).
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    await db.schema
      .createIndex('company_name_trgm')
      .on('company')
      .using('gin')
      .expression(sql`lower(name) ${sql.id(rows[0]!.schema, 'gin_trgm_ops')}`)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await db.schema.dropIndex('company_name_trgm').execute();
  await documentsIndex(db, ['owner_user_id', 'active', 'created_at', 'document_id']);
}
