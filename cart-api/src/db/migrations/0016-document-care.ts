import type { Kysely } from 'kysely';

/**
 * What a paid document gives after the purchase (issue 11):
 * - ndt_result: each non-discrimination test as the server computed it (the answers given, every
 *   step's result, Pass or Fail), for the plan year it was taken for;
 * - epop_document.notes: compliance's note on the admin document page;
 * - epop_document.status_before_inactive: the status a deactivated document had, which Reactivate
 *   gives back (null while it is not deactivated);
 * - epop_document (status, active, plan_year_end): the reminders' daily scan of Paid documents;
 * - company.strategic_partner_account_id: a client's account id at its partner ('Update Client
 *   Level' of the admin document page);
 * - change_log: what happened to a client and its documents, by whom and when (the back office's
 *   change log reads it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ndt_result')
    .addColumn('ndt_result_id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('epop_document.document_id'))
    .addColumn('plan_year_start', 'text', (c) => c.notNull())
    .addColumn('plan_year_end', 'text', (c) => c.notNull())
    .addColumn('taken_by', 'text', (c) => c.notNull())
    .addColumn('taken_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('pass', 'integer', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('results', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ndt_result_by_document')
    .on('ndt_result')
    .columns(['document_id', 'created_at'])
    .execute();

  await db.schema.alterTable('epop_document').addColumn('notes', 'text').execute();
  await db.schema.alterTable('epop_document').addColumn('status_before_inactive', 'text').execute();
  await db.schema
    .createIndex('epop_document_by_plan_year_end')
    .on('epop_document')
    .columns(['status', 'active', 'plan_year_end'])
    .execute();

  await db.schema.alterTable('company').addColumn('strategic_partner_account_id', 'text').execute();

  await db.schema
    .createTable('change_log')
    .addColumn('change_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.company_id'))
    .addColumn('document_id', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('change_log_by_company')
    .on('change_log')
    .columns(['company_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_log').ifExists().execute();
  await db.schema.alterTable('company').dropColumn('strategic_partner_account_id').execute();
  await db.schema.dropIndex('epop_document_by_plan_year_end').ifExists().execute();
  await db.schema.alterTable('epop_document').dropColumn('status_before_inactive').execute();
  await db.schema.alterTable('epop_document').dropColumn('notes').execute();
  await db.schema.dropTable('ndt_result').ifExists().execute();
}
