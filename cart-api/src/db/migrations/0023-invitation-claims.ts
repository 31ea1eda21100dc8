import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Claimed invitations (issue 21 item 1; README "Invitations"): an invitation to purchase is no longer
 * given to the account that holds the invited address. Its `pop-document-invite` item belongs to
 * nobody (`user_id` null) until an account opens the e-mailed link: the item keeps the SHA-256 of the
 * link's token (`claim_token_hash`, unique), when the link stops working (`claim_expires_at`) and when
 * it was claimed (`claimed_at`). Items made before this migration keep the account they went to.
 *
 * SQLite cannot drop a NOT NULL constraint: the table is rebuilt as sqlite.org/lang_altertable.html
 * ("Making Other Kinds Of Table Schema Changes") describes, with foreign keys off so that cart_item's
 * references to action_item survive the swap (checked with foreign_key_check before they are back on).
 * SQLite migrations run outside a transaction (no transactional DDL), so the pragma takes effect; the
 * rebuild itself is one transaction.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLUMNS = [
  'action_item_id',
  'user_id',
  'item_type',
  'description',
  'json',
  'created_by',
  'created_at',
  'completed',
  'completed_at',
].join(', ');

async function rebuildWithNullableUser(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.schema
        .createTable('action_item_rebuilt')
        .addColumn('action_item_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text')
        .addColumn('item_type', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('json', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completed_at', 'text')
        .execute();
      await sql`insert into action_item_rebuilt (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from action_item`.execute(
        trx,
      );
      await trx.schema.dropTable('action_item').execute();
      await trx.schema.alterTable('action_item_rebuilt').renameTo('action_item').execute();
      // The indexes went with the old table (migrations 0001 and 0013).
      await trx.schema
        .createIndex('action_item_user_pending')
        .on('action_item')
        .columns(['user_id', 'completed'])
        .execute();
      await trx.schema
        .createIndex('action_item_open_by_type')
        .on('action_item')
        .columns(['item_type', 'completed'])
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('action_item rebuild left broken foreign keys');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table action_item alter column user_id drop not null`.execute(db);
  } else {
    await rebuildWithNullableUser(db);
  }
  await db.schema.alterTable('action_item').addColumn('claim_token_hash', 'text').execute();
  await db.schema.alterTable('action_item').addColumn('claim_expires_at', 'text').execute();
  await db.schema.alterTable('action_item').addColumn('claimed_at', 'text').execute();
  // One item per link; the many items without one (NULL) do not collide.
  await db.schema
    .createIndex('action_item_claim_token')
    .on('action_item')
    .column('claim_token_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('action_item_claim_token').ifExists().execute();
  for (const column of ['claimed_at', 'claim_expires_at', 'claim_token_hash']) {
    await db.schema.alterTable('action_item').dropColumn(column).execute();
  }
  // An unclaimed invitation has nobody to go back to; on SQLite the column simply stays nullable.
  await sql`delete from action_item where user_id is null`.execute(db);
  if (isPostgres(db)) await sql`alter table action_item alter column user_id set not null`.execute(db);
}
