import { sql, type Kysely } from 'kysely';

/**
 * One cart item per action item (issue 9): an invitation, an unpaid document, is paid for once, even
 * by two Add to Cart requests at the same moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('cart_item_action_item')
    .on('cart_item')
    .column('action_item_id')
    .unique()
    .where(sql.ref('action_item_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cart_item_action_item').ifExists().execute();
}
