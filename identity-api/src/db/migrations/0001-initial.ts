import type { Kysely, Migration } from 'kysely';

// Migrations take Kysely<unknown>: they describe the schema as it was, not as the types say it is now.
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('company_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addColumn('password_expires_at', 'text')
      .addColumn('identity_provider', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_role')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role'])
      .execute();

    await db.schema
      .createTable('oidc_payload')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oidc_payload_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payload_grant_id').on('oidc_payload').column('grant_id').execute();
    await db.schema.createIndex('oidc_payload_user_code').on('oidc_payload').column('user_code').execute();
    await db.schema.createIndex('oidc_payload_uid').on('oidc_payload').column('uid').execute();
    await db.schema.createIndex('oidc_payload_expires_at').on('oidc_payload').column('expires_at').execute();

    await db.schema
      .createTable('secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['secret', 'oidc_payload', 'user_role', 'users']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
