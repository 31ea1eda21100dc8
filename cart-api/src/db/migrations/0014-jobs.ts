import type { Kysely } from 'kysely';

/**
 * The jobs table (issue 11 "Jobs and reminders"): work done after the request that asked for it (the
 * receipt e-mail, sends, reminders), kept in the database so nothing is lost on a restart. A worker
 * claims a due job with a lease (`locked_until`): two instances never run the same job, and a job
 * whose worker died is claimed again when its lease ends. `unique_key` makes a job once only (one
 * reminder per document and plan year).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('unique_key', 'text', (c) => c.unique())
    // pending → running → done, or back to pending (a retry, later) until failed.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('job_due').on('job').columns(['state', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job').ifExists().execute();
}
