import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 'My POP Documents' lists every document a user may act on (issue 23; domain/documents/reach.ts): a
 * broker's own and those of the clients they broker, an employer's own and their companies'. Each
 * part of the rule is an index range, and the list their UNION ALL (bench/README.md "document-latency"):
 * - `epop_document.client_broker_user_id`: the broker of the document's client company, kept by the
 *   database (triggers: a document inserted or moved to another client, a client's broker changed), so
 *   no write path has to remember it. `epop_document_client_broker (client_broker_user_id,
 *   owner_user_id, active, created_at, document_id, client_company_id)` then finds a broker's clients'
 *   documents that another user owns as two short ranges (owner before them, owner after them), without
 *   reading the thousands the broker owns themself, and filters them by a searched client in the index;
 * - `epop_document_client_created` (migration 0010's, same name) becomes `(client_company_id,
 *   owner_user_id, active, created_at, document_id)`: an employer's companies' documents that others
 *   own, and, with a search, a user's own documents of the matching clients (one seek per client), are
 *   read from the index alone; the client details page reads a client's few documents and sorts them.
 * `down` drops them (and the column).
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The broker of the client company `clientId` (a column reference), in SQL. */
const clientBrokerOf = (clientId: string) =>
  `(select broker_user_id from company where company_id = ${clientId})`;

async function clientDocumentsIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('epop_document_client_created').execute();
  await db.schema.createIndex('epop_document_client_created').on('epop_document').columns(columns).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('epop_document').addColumn('client_broker_user_id', 'text').execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function epop_document_client_broker() returns trigger language plpgsql as $$ begin ` +
          `new.client_broker_user_id := ${clientBrokerOf('new.client_company_id')}; return new; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger epop_document_client_broker before insert or update of client_company_id ` +
          `on epop_document for each row execute function epop_document_client_broker()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function company_client_broker() returns trigger language plpgsql as $$ begin ` +
          `update epop_document set client_broker_user_id = new.broker_user_id ` +
          `where client_company_id = new.company_id; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger company_client_broker after update of broker_user_id on company for each row ` +
          `when (old.broker_user_id is distinct from new.broker_user_id) ` +
          `execute function company_client_broker()`,
      )
      .execute(db);
  } else {
    const refresh =
      `update epop_document set client_broker_user_id = ${clientBrokerOf('new.client_company_id')} ` +
      `where document_id = new.document_id;`;
    await sql
      .raw(
        `create trigger epop_document_client_broker_insert after insert on epop_document begin ${refresh} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger epop_document_client_broker_update after update of client_company_id ` +
          `on epop_document begin ${refresh} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger company_client_broker after update of broker_user_id on company begin ` +
          `update epop_document set client_broker_user_id = new.broker_user_id ` +
          `where client_company_id = new.company_id; end`,
      )
      .execute(db);
  }
  // Fill the existing documents.
  await sql
    .raw(
      `update epop_document set client_broker_user_id = ${clientBrokerOf('epop_document.client_company_id')}`,
    )
    .execute(db);
  await db.schema
    .createIndex('epop_document_client_broker')
    .on('epop_document')
    .columns([
      'client_broker_user_id',
      'owner_user_id',
      'active',
      'created_at',
      'document_id',
      'client_company_id',
    ])
    .execute();
  await clientDocumentsIndex(db, [
    'client_company_id',
    'owner_user_id',
    'active',
    'created_at',
    'document_id',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await clientDocumentsIndex(db, ['client_company_id', 'created_at']);
  await db.schema.dropIndex('epop_document_client_broker').execute();
  if (isPostgres(db)) {
    await sql.raw('drop trigger company_client_broker on company').execute(db);
    await sql.raw('drop function company_client_broker()').execute(db);
    await sql.raw('drop trigger epop_document_client_broker on epop_document').execute(db);
    await sql.raw('drop function epop_document_client_broker()').execute(db);
  } else {
    for (const trigger of [
      'company_client_broker',
      'epop_document_client_broker_update',
      'epop_document_client_broker_insert',
    ]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
  }
  await db.schema.alterTable('epop_document').dropColumn('client_broker_user_id').execute();
}
