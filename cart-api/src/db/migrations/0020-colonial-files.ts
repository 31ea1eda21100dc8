import type { Kysely } from 'kysely';

/**
 * Colonial's files and test billing numbers (issue 12, README "Colonial files"):
 * - company.bcn: a client's billing number at Colonial (unique where set), matched by the return file;
 *   company.colonial_qualify_date: the day Colonial qualified it (the return file's Qualify Date);
 * - epop_document.no_pay_code / no_pay_at: the no-pay reason processed for a Colonial document and
 *   when (the bill file's cancellation rows);
 * - colonial_test_bcn: the test BCNs (rows of a return file with one of them change nothing);
 * - colonial_return_file: an uploaded return file's bytes (as the archive keeps them), one per job;
 * - colonial_return_row: each processed row's result, keyed by job and row so a rerun skips it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').addColumn('bcn', 'text').execute();
  await db.schema.alterTable('company').addColumn('colonial_qualify_date', 'text').execute();
  await db.schema.createIndex('company_by_bcn').unique().on('company').column('bcn').execute();
  // A return-file row with an unknown BCN looks its client up by account id (bench back-office: 38 s → 10 s).
  await db.schema
    .createIndex('company_by_account_id')
    .on('company')
    .column('strategic_partner_account_id')
    .execute();

  await db.schema.alterTable('epop_document').addColumn('no_pay_code', 'text').execute();
  await db.schema.alterTable('epop_document').addColumn('no_pay_at', 'text').execute();
  await db.schema.createIndex('epop_document_by_no_pay_at').on('epop_document').column('no_pay_at').execute();

  await db.schema
    .createTable('colonial_test_bcn')
    .addColumn('bcn', 'text', (c) => c.primaryKey())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('colonial_return_file')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('colonial_return_row')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('bcn_vendor', 'text', (c) => c.notNull())
    .addColumn('bcn', 'text', (c) => c.notNull())
    .addColumn('qualify_date', 'text')
    .addColumn('no_pay', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addPrimaryKeyConstraint('colonial_return_row_pk', ['job_id', 'row_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('colonial_return_row').ifExists().execute();
  await db.schema.dropTable('colonial_return_file').ifExists().execute();
  await db.schema.dropTable('colonial_test_bcn').ifExists().execute();
  await db.schema.dropIndex('epop_document_by_no_pay_at').ifExists().execute();
  await db.schema.alterTable('epop_document').dropColumn('no_pay_at').execute();
  await db.schema.alterTable('epop_document').dropColumn('no_pay_code').execute();
  await db.schema.dropIndex('company_by_account_id').ifExists().execute();
  await db.schema.dropIndex('company_by_bcn').ifExists().execute();
  await db.schema.alterTable('company').dropColumn('colonial_qualify_date').execute();
  await db.schema.alterTable('company').dropColumn('bcn').execute();
}
