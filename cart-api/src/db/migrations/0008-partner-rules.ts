import type { Kysely } from 'kysely';
import { NO_PAY_OPTIONS } from '../reference-data.js';

/**
 * What a strategic partner changes (specs/3-admin.md §3 "Partner rule", "Partner label"; issue 9):
 * - `partner_rule`: one row per assigned rule; `rule_type_id` 1 to 5 (auto-renew, bypass shopping
 *   cart, custom pricing, exclude states, link account id to promo code), `product_id` the product it
 *   is for (null: every product), `settings` the type's row fields as JSON.
 * - `partner_label`: the partner's label and help text of an order-form field ('account-id',
 *   'account-id-suffix'); only visible ones show.
 * - `no_pay_option`: the Colonial no-pay reasons (reference data, every installation).
 */
// The slice of the schema this migration writes, as it was when it was written.
interface NoPayTables {
  no_pay_option: (typeof NO_PAY_OPTIONS)[number];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_rule')
    .addColumn('rule_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.company_id'))
    .addColumn('rule_type_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.references('product.product_id'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_rule_company')
    .on('partner_rule')
    .columns(['company_id', 'rule_type_id'])
    .execute();
  await db.schema
    .createTable('partner_label')
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.company_id'))
    .addColumn('internal_name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('help_text', 'text', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_label_pk', ['company_id', 'internal_name'])
    .execute();
  await db.schema
    .createTable('no_pay_option')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<NoPayTables>)
    .insertInto('no_pay_option')
    .values([...NO_PAY_OPTIONS])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('no_pay_option').ifExists().execute();
  await db.schema.dropTable('partner_label').ifExists().execute();
  await db.schema.dropTable('partner_rule').ifExists().execute();
}
