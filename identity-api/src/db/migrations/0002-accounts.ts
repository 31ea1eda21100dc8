import { sql, type Kysely, type Migration } from 'kysely';

// The account flows: reset passcodes, first-login (temporary user) tokens, sign-in records and the
// referral id a user arrived with. Plain types and statements both SQLite and PostgreSQL accept.
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    // The first referral id a user brought (kept when later sign-ins carry another).
    await db.schema.alterTable('users').addColumn('referral_id', 'text').execute();
    // Password reset and user/exists accept an e-mail address, compared case-insensitively.
    await db.schema
      .createIndex('users_email_lower')
      .on('users')
      .expression(sql`lower(email)`)
      .execute();

    // At most one live passcode per user: a new request replaces the old one.
    await db.schema
      .createTable('passcode')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('passcode_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('temporary_user_token')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('temporary_user_token_user_id')
      .on('temporary_user_token')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('user_login')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('signed_in_at', 'text', (c) => c.notNull())
      .addColumn('referral_id', 'text')
      .execute();
    await db.schema
      .createIndex('user_login_user_id_signed_in_at')
      .on('user_login')
      .columns(['user_id', 'signed_in_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['user_login', 'temporary_user_token', 'passcode']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.dropIndex('users_email_lower').ifExists().execute();
    await db.schema.alterTable('users').dropColumn('referral_id').execute();
  },
};
