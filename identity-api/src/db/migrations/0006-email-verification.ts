import { sql, type Kysely, type Migration } from 'kysely';

// Verified e-mail addresses (README "E-mail addresses"): an address counts only once the account has
// opened the link e-mailed to it. `email` stays the address in force; `email_verified` says whether it
// was verified; `pending_email` is a changed address waiting for its link (the verified one stays in
// force meanwhile). A verified address belongs to one account: the unique index on the lower-cased
// address of the verified rows (a partial index, which SQLite and PostgreSQL both have).
// Existing accounts: an address held by exactly one account (any case) is kept as verified; an address
// several accounts share is verified for none of them (whoever opens a new link first gets it), so an
// account registered first with someone else's address is never confirmed in it by this migration.
// An invited account that never completed its first-time setup keeps an unverified address: nobody
// has opened anything sent to it yet (the setup does, README "First-login links").
export const emailVerification: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();

    await sql`
      update users set email_verified = 1
      where trim(email) <> ''
        and not exists (
          select 1 from users other where lower(other.email) = lower(users.email) and other.id <> users.id
        )
        and not (
          exists (select 1 from temporary_user_token t where t.user_id = users.id)
          and not exists (
            select 1 from temporary_user_token t where t.user_id = users.id and t.consumed_at is not null
          )
        )`.execute(db);

    await db.schema
      .createIndex('users_verified_email')
      .unique()
      .on('users')
      .expression(sql`lower(email)`)
      .where(sql<boolean>`email_verified = 1`)
      .execute();

    // E-mail verification links (/verify-email?token=): only the SHA-256 of the token is kept, with the
    // address it verifies (a link for an address the account no longer asks for verifies nothing).
    await db.schema
      .createTable('email_verification')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('email_verification_user_id')
      .on('email_verification')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('email_verification').ifExists().execute();
    await db.schema.dropIndex('users_verified_email').ifExists().execute();
    await db.schema.alterTable('users').dropColumn('pending_email').execute();
    await db.schema.alterTable('users').dropColumn('email_verified').execute();
  },
};
