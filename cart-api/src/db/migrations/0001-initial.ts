import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's table types, which later
// migrations change. Only text and integer columns, so SQLite and PostgreSQL agree.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('system_message')
    .addColumn('system_message_id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('system_message_location').on('system_message').column('location').execute();

  await db.schema
    .createTable('app_config')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company')
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text')
    .addColumn('address_line2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('federal_tax_id', 'text')
    .addColumn('legal_entity_type', 'text')
    .addColumn('state_of_legal_construction', 'text')
    .addColumn('strategic_partner_id', 'text', (c) => c.references('company.company_id'))
    .addColumn('broker_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_kind_name').on('company').columns(['kind', 'name']).execute();

  await db.schema
    .createTable('client_view')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.company_id'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_view_pk', ['user_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('epop_document')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.product_id'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('client_company_id', 'text', (c) => c.notNull().references('company.company_id'))
    .addColumn('strategic_partner_id', 'text', (c) => c.references('company.company_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan_year_start', 'text', (c) => c.notNull())
    .addColumn('plan_year_end', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('epop_document_owner_created')
    .on('epop_document')
    .columns(['owner_user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('ordered_by', 'text', (c) => c.notNull())
    .addColumn('ordered_by_email', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('paid_at', 'text')
    .addColumn('receipt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();

  await db.schema
    .createTable('order_item')
    .addColumn('order_item_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.order_id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.product_id'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('display_text', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.references('epop_document.document_id'))
    .addColumn('client_company_id', 'text', (c) => c.references('company.company_id'))
    .addColumn('broker_name', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_item_order').on('order_item').column('order_id').execute();
  await db.schema.createIndex('order_item_document').on('order_item').column('document_id').execute();

  await db.schema
    .createTable('action_item')
    .addColumn('action_item_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('action_item_user_pending')
    .on('action_item')
    .columns(['user_id', 'completed'])
    .execute();

  await db.schema
    .createTable('cart_item')
    .addColumn('cart_item_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.product_id'))
    .addColumn('document_id', 'text', (c) => c.references('epop_document.document_id'))
    .addColumn('action_item_id', 'text', (c) => c.references('action_item.action_item_id'))
    .addColumn('strategic_partner_id', 'text', (c) => c.references('company.company_id'))
    .addColumn('display_text', 'text', (c) => c.notNull())
    .addColumn('base_price_cents', 'integer', (c) => c.notNull())
    .addColumn('price_adjustment_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('saved_for_later', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cart_item_user').on('cart_item').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'cart_item',
    'action_item',
    'order_item',
    'orders',
    'epop_document',
    'client_view',
    'company',
    'setting',
    'app_config',
    'system_message',
    'product',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
