import { sql, type Kysely } from 'kysely';

/**
 * Checkout (issue 10):
 * - orders keep what the receipt shows: subtotal and discount (total_cents is what was charged),
 *   the payment's brand ('Visa', 'Checking', …) and last four digits: never more of a card or account;
 * - order items keep their unit price and discount (price_cents stays the price paid);
 * - orders.receipt_data: the receipt as it was at purchase (JSON), shown and mailed ever after;
 * - purchase: one row per user, the lock that makes a purchase happen once (a second Process
 *   Payment while the first runs answers 409), with the snapshot of what is being paid for: the
 *   order is placed from it, never from a cart read again after the charge;
 * - counter: the order number sequence (an UPDATE … RETURNING is atomic on both engines);
 * - action_item (item_type, completed): a paid document's open items are found without a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('payment_brand', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_last4', 'text').execute();
  await db.schema.alterTable('orders').addColumn('receipt_data', 'text').execute();
  await sql`update orders set subtotal_cents = total_cents`.execute(db);

  await db.schema
    .alterTable('order_item')
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_item')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update order_item set unit_price_cents = price_cents`.execute(db);

  await db.schema
    .createTable('purchase')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    // The idempotency key the payment gateway sees for this attempt.
    .addColumn('purchase_id', 'text', (c) => c.notNull())
    // running → charging → charged → done; an attempt refused or declined puts the row back as it was.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // What is being paid for, from `charging` on (JSON: items, prices, codes, payment's brand and
    // last four digits, purchaser; never card data).
    .addColumn('snapshot', 'text')
    // The gateway's answer once charged (transaction id and text), then the order.
    .addColumn('transaction_id', 'text')
    .addColumn('display_text', 'text')
    .addColumn('order_id', 'text')
    .execute();

  await db.schema
    .createTable('counter')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into counter (name, value) values ('order-number', 100000)`.execute(db);

  await db.schema
    .createIndex('action_item_open_by_type')
    .on('action_item')
    .columns(['item_type', 'completed'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('action_item_open_by_type').ifExists().execute();
  await db.schema.dropTable('counter').ifExists().execute();
  await db.schema.dropTable('purchase').ifExists().execute();
  await db.schema.alterTable('order_item').dropColumn('discount_cents').execute();
  await db.schema.alterTable('order_item').dropColumn('unit_price_cents').execute();
  for (const column of [
    'receipt_data',
    'payment_last4',
    'payment_brand',
    'discount_cents',
    'subtotal_cents',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
