import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
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

/** Adds a job (inside the caller's transaction when given one); false when its unique key was taken. */
export async function enqueue(db: Kysely<Database>, job: NewJob, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto('job')
    .values({
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
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims the next due job for `workerId` until `now + leaseMs`: a pending job whose time has come,
 * or a running one whose lease ended (its worker died). One UPDATE whose condition is checked again
 * on the row, so two workers never claim the same job on either engine.
 */
export async function claimNext(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<Job | undefined> {
  const at = now.toISOString();
  const claimable = (eb: ExpressionBuilder<Database, 'job'>) =>
    eb.or([
      eb.and([eb('state', '=', 'pending'), eb('due_at', '<=', at)]),
      eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)]),
    ]);
  const next = await db
    .selectFrom('job')
    .select('job_id')
    .where(claimable)
    .orderBy('due_at')
    .orderBy('job_id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return undefined;
  const claimed = await db
    .updateTable('job')
    .set({
      state: 'running',
      locked_by: workerId,
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql`attempts + 1`,
    })
    .where('job_id', '=', next.job_id)
    .where(claimable)
    .returningAll()
    .executeTakeFirst();
  // Taken by another worker between the two statements: the caller asks again.
  return claimed ?? (await claimNext(db, workerId, now, leaseMs));
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

/** A failed attempt: again after the backoff, or failed for good after its last attempt. */
export async function failJob(db: Kysely<Database>, job: Job, error: unknown, now: Date): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const last = Number(job.attempts) >= job.max_attempts;
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
