import { sql, type Kysely } from 'kysely';

/**
 * Checkout (issue 10):
 * - orders keep what the receipt shows: subtotal and discount (total_cents is what was charged),
 *   the payment's brand ('Visa', 'Checking', …) and last four digits: never more of a card or account;
 * - order items keep their unit price and discount (price_cents stays the price paid);
 * - purchase: one row per user, the lock that makes a purchase happen once (a second Process
 *   Payment while the first runs answers 409; after it, the first result);
 * - counter: the order number sequence (an UPDATE … RETURNING is atomic on both engines).
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
    // running → charged → done; an attempt refused or declined puts the row back as it was.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // The gateway's answer once charged (transaction id and text; never card data), then the order.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('counter').ifExists().execute();
  await db.schema.dropTable('purchase').ifExists().execute();
  await db.schema.alterTable('order_item').dropColumn('discount_cents').execute();
  await db.schema.alterTable('order_item').dropColumn('unit_price_cents').execute();
  for (const column of ['payment_last4', 'payment_brand', 'discount_cents', 'subtotal_cents']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
