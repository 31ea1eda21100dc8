import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `orders.search_text`: what the order search matches (order number, transaction id, the company
 * names of the order's clients), lower-cased and joined by U+001F, so one `LIKE '%…%'` over one
 * column replaces a correlated join per order. The database keeps it right (triggers), so every
 * write path (the demo seed, later routes, tools and benchmarks writing rows directly) stays in
 * step without remembering to. Changing what it holds means a new migration that redefines
 * `refresh_order_search_text` and refills the column.
 *
 * Indexes: `(created_at, order_id, search_text)` (SQLite; PostgreSQL without search_text) serves
 * the order list in its sort order and lets a search filter on the index alone;
 * `(owner_user_id, active, created_at, document_id)` serves "My POP Documents" in its sort order
 * (no temp B-tree, so rows skipped by OFFSET cost no subqueries).
 */

/** Separates the fields in search_text; a search text containing it matches nothing. */
export const SEARCH_TEXT_SEPARATOR = '\u001f';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The search text of the order `orderId` (a column reference or parameter), in SQL. */
function searchTextOf(postgres: boolean, orderId: string) {
  const sep = postgres ? 'chr(31)' : 'char(31)';
  const names = postgres
    ? `string_agg(${sep} || lower(c.name), '')`
    : `group_concat(${sep} || lower(c.name), '')`;
  return (
    `(select lower(o.order_number) || ${sep} || lower(coalesce(o.transaction_id, '')) || coalesce((` +
    `select ${names} from order_item oi join company c on c.company_id = oi.client_company_id ` +
    `where oi.order_id = o.order_id), '') from orders o where o.order_id = ${orderId})`
  );
}

// The same refresh, for each way an order's search text can change.
const SQLITE_TRIGGERS: Record<string, { on: string; refresh: string[] }> = {
  orders_search_text_insert: { on: 'after insert on orders', refresh: ['new.order_id'] },
  orders_search_text_update: {
    on: 'after update of order_number, transaction_id on orders',
    refresh: ['new.order_id'],
  },
  order_item_search_text_insert: { on: 'after insert on order_item', refresh: ['new.order_id'] },
  order_item_search_text_update: {
    on: 'after update of order_id, client_company_id on order_item',
    refresh: ['old.order_id', 'new.order_id'],
  },
  order_item_search_text_delete: { on: 'after delete on order_item', refresh: ['old.order_id'] },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('orders')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  if (postgres) {
    await sql
      .raw(
        `create function refresh_order_search_text(p_order_id text) returns void language sql as $$ ` +
          `update orders set search_text = ${searchTextOf(true, 'p_order_id')} where order_id = p_order_id $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function orders_search_text_trigger() returns trigger language plpgsql as $$ begin ` +
          `if tg_table_name = 'company' then ` +
          `perform refresh_order_search_text(oi.order_id) from (select distinct order_id from order_item ` +
          `where client_company_id = new.company_id) oi; return null; end if; ` +
          `if tg_op in ('UPDATE', 'DELETE') and tg_table_name = 'order_item' then ` +
          `perform refresh_order_search_text(old.order_id); end if; ` +
          `if tg_op in ('INSERT', 'UPDATE') then perform refresh_order_search_text(new.order_id); end if; ` +
          `return null; end $$`,
      )
      .execute(db);
    for (const [name, on] of [
      ['orders_search_text', 'after insert or update of order_number, transaction_id on orders'],
      [
        'order_item_search_text',
        'after insert or delete or update of order_id, client_company_id on order_item',
      ],
      ['company_search_text', 'after update of name on company'],
    ]) {
      await sql
        .raw(`create trigger ${name} ${on} for each row execute function orders_search_text_trigger()`)
        .execute(db);
    }
  } else {
    for (const [name, { on, refresh }] of Object.entries(SQLITE_TRIGGERS)) {
      const updates = refresh.map(
        (id) => `update orders set search_text = ${searchTextOf(false, id)} where order_id = ${id};`,
      );
      await sql.raw(`create trigger ${name} ${on} begin ${updates.join(' ')} end`).execute(db);
    }
    await sql
      .raw(
        `create trigger company_search_text after update of name on company begin ` +
          `update orders set search_text = ${searchTextOf(false, 'orders.order_id')} where order_id in ` +
          `(select order_id from order_item where client_company_id = new.company_id); end`,
      )
      .execute(db);
  }
  // Fill the existing orders.
  await sql.raw(`update orders set search_text = ${searchTextOf(postgres, 'orders.order_id')}`).execute(db);

  await db.schema.dropIndex('orders_created').execute();
  // PostgreSQL caps a B-tree entry near 2.7 kB, which an order with many clients could pass: there
  // the index covers the sort only (a search reads the rows, without blocking the event loop).
  await db.schema
    .createIndex('orders_created_search')
    .on('orders')
    .columns(postgres ? ['created_at', 'order_id'] : ['created_at', 'order_id', 'search_text'])
    .execute();
  await db.schema.dropIndex('epop_document_owner_created').execute();
  await db.schema
    .createIndex('epop_document_owner_active_created')
    .on('epop_document')
    .columns(['owner_user_id', 'active', 'created_at', 'document_id'])
    .execute();
  await db.schema.createIndex('order_item_client').on('order_item').column('client_company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.dropIndex('order_item_client').execute();
  await db.schema.dropIndex('epop_document_owner_active_created').execute();
  await db.schema
    .createIndex('epop_document_owner_created')
    .on('epop_document')
    .columns(['owner_user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('orders_created_search').execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  if (postgres) {
    await sql.raw('drop trigger company_search_text on company').execute(db);
    await sql.raw('drop trigger order_item_search_text on order_item').execute(db);
    await sql.raw('drop trigger orders_search_text on orders').execute(db);
    await sql.raw('drop function orders_search_text_trigger()').execute(db);
    await sql.raw('drop function refresh_order_search_text(text)').execute(db);
  } else {
    for (const name of [...Object.keys(SQLITE_TRIGGERS), 'company_search_text']) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.alterTable('orders').dropColumn('search_text').execute();
}
