import type { Kysely } from 'kysely';

/**
 * Payments that settle later (issue 23 item 6; README "Payments"): an ACH debit is accepted at the
 * purchase and settles, or comes back, days later. `orders.settlement` says where the order's payment
 * stands while that matters: null for a payment decided at once (a card, a free order, every order
 * before this migration), `pending` while the settlement job asks the processor, then `settled` or
 * `returned` (its items `returned` too: not sales). `settlement_text` keeps the processor's sentence
 * of a return (the bank's reason). Orders awaiting settlement are few: no index. `purchase.pending`
 * keeps that the processor accepted a charged purchase's payment without deciding it, so that an order
 * placed from the lock by a later attempt (purchase-lock.ts) is placed Processing too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('settlement', 'text').execute();
  await db.schema.alterTable('orders').addColumn('settlement_text', 'text').execute();
  await db.schema
    .alterTable('purchase')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchase').dropColumn('pending').execute();
  await db.schema.alterTable('orders').dropColumn('settlement_text').execute();
  await db.schema.alterTable('orders').dropColumn('settlement').execute();
}
