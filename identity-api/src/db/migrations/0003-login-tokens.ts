import type { Kysely, Migration } from 'kysely';

// Single-use sign-in tokens (/auth?token=, the one-time-token grant), stored as SHA-256 hashes.
export const loginTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('login_token')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_token_expires_at').on('login_token').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_token').ifExists().execute();
  },
};
