import type { Kysely } from 'kysely';

/**
 * company_user: which users belong to a company (the specs' "company users", `company/{companyId}/
 * user/{userId}`). An employer (epop) may act on the records of the companies linked to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_user')
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.company_id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_user_pk', ['company_id', 'user_id'])
    .execute();
  // The ownership policies ask "which companies is this user linked to?".
  await db.schema.createIndex('company_user_user').on('company_user').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_user').ifExists().execute();
}
