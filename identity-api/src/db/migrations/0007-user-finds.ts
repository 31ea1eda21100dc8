import type { Kysely, Migration } from 'kysely';

// What a broker's exact user search found (README "User search"): cart-api shows a user's name and
// e-mail to a broker, or lets them add the user to a client company, only when the broker is linked
// with that user or found them by their exact username or e-mail address. One row per searcher and
// user, its time moved by each new find; deleting either user deletes it.
export const userFinds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_find')
      .addColumn('searcher_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('found_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_find_pk', ['searcher_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_find').ifExists().execute();
  },
};
