import type { Kysely } from 'kysely';
import {
  COMMISSION_ATTRIBUTE,
  COMMISSION_INCLUDED,
  EPOP_BASE_PRICE_CENTS,
  EPOP_PRODUCT,
} from '../reference-data.js';

/**
 * Product attributes (specs/2-documents.md §3 "Attribute": id, name, roles, values with a price
 * adjustment) and the epop prices of issue 9: base $225.00, "Commission included [+$75.00]" for
 * brokers. `roles`: a JSON array of role groups that see the attribute (null: everyone);
 * `preselected`: its first value is chosen for them by default.
 */
// The slice of the schema this migration writes, as it was when it was written.
interface PriceTables {
  product: { product_id: string; price_cents: number };
  attribute: typeof COMMISSION_ATTRIBUTE;
  attribute_value: typeof COMMISSION_INCLUDED;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attribute')
    .addColumn('attribute_id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.product_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('roles', 'text')
    .addColumn('preselected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('attribute_value')
    .addColumn('attribute_value_id', 'text', (c) => c.primaryKey())
    .addColumn('attribute_id', 'text', (c) => c.notNull().references('attribute.attribute_id'))
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('price_adjustment_cents', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  const tables = db as Kysely<PriceTables>;
  await tables.insertInto('attribute').values(COMMISSION_ATTRIBUTE).execute();
  await tables.insertInto('attribute_value').values(COMMISSION_INCLUDED).execute();
  await tables
    .updateTable('product')
    .set({ price_cents: EPOP_BASE_PRICE_CENTS })
    .where('product_id', '=', EPOP_PRODUCT.product_id)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<PriceTables>)
    .updateTable('product')
    .set({ price_cents: EPOP_PRODUCT.price_cents })
    .where('product_id', '=', EPOP_PRODUCT.product_id)
    .execute();
  await db.schema.dropTable('attribute_value').ifExists().execute();
  await db.schema.dropTable('attribute').ifExists().execute();
}
