import { sql, type Kysely } from 'kysely';

/**
 * Jobs that wait for a quiet period (issue 23 item 5; README "Jobs"): `pending_key` names what a job
 * is for while it waits for its first attempt (the revised documents of one document). The partial
 * unique index `job_pending_key` keeps at most one such waiting job per key, so `enqueueOrPostpone`
 * moves that job's due time instead of adding another; once claimed (running, or a retry:
 * `attempts` > 0) the job leaves the index and the next enqueue adds a new one. The condition is
 * written out in `src/jobs/queue.ts` too (an upsert names its partial index by it): the same text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('pending_key', 'text').execute();
  await db.schema
    .createIndex('job_pending_key')
    .on('job')
    .column('pending_key')
    .unique()
    .where(sql<boolean>`pending_key is not null and state = 'pending' and attempts = 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_pending_key').execute();
  await db.schema.alterTable('job').dropColumn('pending_key').execute();
}
