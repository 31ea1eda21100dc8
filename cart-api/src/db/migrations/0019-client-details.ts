import type { Kysely } from 'kysely';

/**
 * The admin client page (issue 12, specs/3-admin.md §3 "Client"):
 * - company.notes: the company detail's notes (clients and strategic partners alike);
 * - company.erisa_account: whether the client is an ERISA account (0/1), set on the client page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').addColumn('notes', 'text').execute();
  await db.schema
    .alterTable('company')
    .addColumn('erisa_account', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').dropColumn('erisa_account').execute();
  await db.schema.alterTable('company').dropColumn('notes').execute();
}
