import type { Kysely } from 'kysely';

/**
 * What saving a document and applying a promo code need (issue 8's doubled paths, built on by the
 * order-form and checkout issues):
 * - company.colonial: a strategic partner whose documents are Colonial documents (the agent number
 *   is required on them, specs/2-documents.md §5);
 * - epop_document.free and created_by: a document created without a purchase ('Create Free
 *   Document'), and by whom;
 * - discount: the promo codes (issue 10 "Promo codes"), money in integer cents, dates YYYY-MM-DD;
 * - cart_discount: the codes a user applied to their cart (`GET discount/{userId}`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('company')
    .addColumn('colonial', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('epop_document')
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('epop_document').addColumn('created_by', 'text').execute();

  await db.schema
    .createTable('discount')
    .addColumn('discount_id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    // Lower-cased code: codes are matched case-insensitively and are unique that way.
    .addColumn('code_key', 'text', (c) => c.notNull().unique())
    .addColumn('percentage', 'integer')
    .addColumn('amount_cents', 'integer')
    .addColumn('max_amount_cents', 'integer')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.references('product.product_id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('usage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_discount')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.notNull().references('discount.discount_id'))
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_discount_pk', ['user_id', 'discount_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_discount').ifExists().execute();
  await db.schema.dropTable('discount').ifExists().execute();
  await db.schema.alterTable('epop_document').dropColumn('created_by').execute();
  await db.schema.alterTable('epop_document').dropColumn('free').execute();
  await db.schema.alterTable('company').dropColumn('colonial').execute();
}
