import type { Kysely, Migration } from 'kysely';

// Links between users (the back office's /admin/users): a linked user sees the documents of the user
// they are linked to (README "User links"). A link is mutual and kept as two rows, one per direction,
// so "the users linked to X" is one indexed read; deleting a user deletes their links.
export const userLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_link')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('linked_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_link_pk', ['user_id', 'linked_user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_link').ifExists().execute();
  },
};
