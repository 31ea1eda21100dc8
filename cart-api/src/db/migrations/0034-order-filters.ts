import type { Kysely } from 'kysely';

/**
 * Order Management's filters (issue 24 item 7; README "Order Management"): `orders_new_created` serves
 * "New only" in the list's own order (the count and the page read the new orders' range alone, however
 * many were reviewed), and `epop_document_partner` finds a partner's documents. General (every order
 * with no partner's document) reads the set of all partners' orders: `epop_document_document_partner`
 * and `order_item_document_order` cover that join, so it reads two small indexes, not the documents'
 * rows with their answers (bench/README.md "api-latency": 427 → 94 ms at 20,000 orders on a busy host).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_new_created')
    .on('orders')
    .columns(['is_new', 'created_at', 'order_id'])
    .execute();
  await db.schema
    .createIndex('epop_document_partner')
    .on('epop_document')
    .columns(['strategic_partner_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('epop_document_document_partner')
    .on('epop_document')
    .columns(['document_id', 'strategic_partner_id'])
    .execute();
  await db.schema
    .createIndex('order_item_document_order')
    .on('order_item')
    .columns(['document_id', 'order_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_item_document_order').execute();
  await db.schema.dropIndex('epop_document_document_partner').execute();
  await db.schema.dropIndex('epop_document_partner').execute();
  await db.schema.dropIndex('orders_new_created').execute();
}
