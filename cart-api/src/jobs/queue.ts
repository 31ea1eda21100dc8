import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, JobTable } from '../db/schema.js';

export type Job = Selectable<JobTable>;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** When it may run; now by default. */
  dueAt?: Date;
  /** At most one job with this key, ever: a second enqueue is ignored. */
  uniqueKey?: string;
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/** The wait before attempt n + 1 after n failed: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number): number =>
  Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

const jobRow = (job: NewJob, now: Date): Insertable<JobTable> => ({
  job_id: randomUUID(),
  kind: job.kind,
  payload: JSON.stringify(job.payload ?? null),
  unique_key: job.uniqueKey ?? null,
  state: 'pending',
  due_at: (job.dueAt ?? now).toISOString(),
  max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  locked_by: null,
  locked_until: null,
  last_error: null,
  result: null,
  created_at: now.toISOString(),
  finished_at: null,
});

/** Adds a job (inside the caller's transaction when given one); false when its unique key was taken. */
export async function enqueue(db: Kysely<Database>, job: NewJob, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto('job')
    .values(jobRow(job, now))
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Jobs per INSERT of enqueueUnique: 14 parameters a row, well under both engines' limits. */
const ENQUEUE_BATCH = 500;

/**
 * Adds jobs that each have a unique key, in multi-row INSERTs (inside the caller's transaction when
 * given one): what `enqueue` does for each, in a few statements. Answers the keys that were free,
 * i.e. the jobs added; a key already taken adds nothing, as with `enqueue`.
 */
export async function enqueueUnique(
  db: Kysely<Database>,
  jobs: (NewJob & { uniqueKey: string })[],
  now = new Date(),
): Promise<Set<string>> {
  const added = new Set<string>();
  for (let i = 0; i < jobs.length; i += ENQUEUE_BATCH) {
    const rows = await db
      .insertInto('job')
      .values(jobs.slice(i, i + ENQUEUE_BATCH).map((job) => jobRow(job, now)))
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .returning('unique_key')
      .execute();
    for (const row of rows) added.add(row.unique_key!);
  }
  return added;
}

/**
 * Claims up to `limit` due jobs for `workerId` until `now + leaseMs`: pending jobs whose time has
 * come, or running ones whose lease ended (their worker died), the earliest due first. One UPDATE whose
 * condition is checked again on each row, so two workers never claim the same job on either engine.
 */
export async function claimDue(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<Job[]> {
  const at = now.toISOString();
  // Whether a row may still be claimed, checked again in the UPDATE. A CASE, not an OR of the two
  // conditions: with an OR, SQLite (no statistics) takes the rows from `job_due` by both conditions,
  // every due job's row, instead of looking up the few ids (from 8 ids on).
  const claimable = (eb: ExpressionBuilder<Database, 'job'>) =>
    eb
      .case()
      .when('state', '=', 'pending')
      .then(eb('due_at', '<=', at))
      .when('state', '=', 'running')
      .then(eb('locked_until', '<', at))
      .else(sql<boolean>`false`)
      .end();
  // Two lookups, each reading the first entries of `job_due (state, due_at)` that qualify: with the
  // two conditions in one OR, or a tie-break beyond due_at, both engines read and sort every due
  // job's row for each claim (10,000 due reminders: about 20 ms a claim on SQLite). Jobs due at the
  // same moment run in the index's order.
  const pending = await db
    .selectFrom('job')
    .select(['job_id', 'due_at'])
    .where('state', '=', 'pending')
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  const abandoned = await db
    .selectFrom('job')
    .select(['job_id', 'due_at'])
    .where('state', '=', 'running')
    .where('locked_until', '<', at)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  const next = [...abandoned, ...pending]
    .sort((a, b) => (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : 0))
    .slice(0, limit);
  if (next.length === 0) return [];
  const claimed = await db
    .updateTable('job')
    .set({
      state: 'running',
      locked_by: workerId,
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql`attempts + 1`,
    })
    .where(
      'job_id',
      'in',
      next.map((job) => job.job_id),
    )
    .where(claimable)
    .returningAll()
    .execute();
  // All taken by another worker between the two statements: the caller asks again.
  if (claimed.length === 0) return claimDue(db, workerId, now, leaseMs, limit);
  const order = new Map(next.map((job, index) => [job.job_id, index]));
  return claimed.sort((a, b) => order.get(a.job_id)! - order.get(b.job_id)!);
}

/** The job's end: done with its result. Only while this worker holds it. */
export async function completeJob(db: Kysely<Database>, job: Job, result: unknown, now: Date): Promise<void> {
  await db
    .updateTable('job')
    .set({
      state: 'done',
      result: JSON.stringify(result ?? null),
      finished_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where('job_id', '=', job.job_id)
    .where('locked_by', '=', job.locked_by)
    .execute();
}

/**
 * A failed attempt: again after the backoff, or failed for good after its last attempt, or at once
 * when `permanent` (an input no retry can mend: a return file that is not a workbook).
 */
export async function failJob(
  db: Kysely<Database>,
  job: Job,
  error: unknown,
  now: Date,
  permanent = false,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const last = permanent || Number(job.attempts) >= job.max_attempts;
  await db
    .updateTable('job')
    .set({
      state: last ? 'failed' : 'pending',
      due_at: last ? job.due_at : new Date(now.getTime() + backoffMs(Number(job.attempts))).toISOString(),
      last_error: message.slice(0, 2000),
      finished_at: last ? now.toISOString() : null,
      locked_by: null,
      locked_until: null,
    })
    .where('job_id', '=', job.job_id)
    .where('locked_by', '=', job.locked_by)
    .execute();
}
