import { sql, type Kysely } from 'kysely';

/**
 * Jobs that fail for good, and a fair queue (issue 21 item 5, README "Jobs"):
 * - `abandoned`: how many of the job's claims ended with their lease (the worker died, or hung, in
 *   it); a job abandoned on its last attempt is failed, never claimed again;
 * - `owner_id`: the user the job acts for (who asked for it), null for the service's own jobs (the
 *   reminder scan and what it queues);
 * - `turn`: the job's place in the line, an instant in the queue's own time: an owner's next job goes
 *   one step behind that owner's last waiting job, or level with the head of the line, so the worker,
 *   claiming by turn, serves the owners in turn. Existing jobs keep their order (turn = due_at).
 * `job_turn (state, turn, due_at)` replaces `job_due (state, due_at)`: the claim reads the first due
 * entries in turn order from it, skipping jobs not due yet (retries waiting) within the index.
 * `job_owner (owner_id, state, turn)` finds an owner's last waiting job at enqueue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('job')
    .addColumn('abandoned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('job').addColumn('owner_id', 'text').execute();
  // A job inserted without one (by hand) is at the front of the line.
  await db.schema
    .alterTable('job')
    .addColumn('turn', 'text', (c) => c.notNull().defaultTo('1970-01-01T00:00:00.000Z'))
    .execute();
  await sql`update job set turn = due_at`.execute(db);
  await db.schema.dropIndex('job_due').execute();
  await db.schema.createIndex('job_turn').on('job').columns(['state', 'turn', 'due_at']).execute();
  await db.schema.createIndex('job_owner').on('job').columns(['owner_id', 'state', 'turn']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_owner').execute();
  await db.schema.dropIndex('job_turn').execute();
  await db.schema.createIndex('job_due').on('job').columns(['state', 'due_at']).execute();
  await db.schema.alterTable('job').dropColumn('turn').execute();
  await db.schema.alterTable('job').dropColumn('owner_id').execute();
  await db.schema.alterTable('job').dropColumn('abandoned').execute();
}
