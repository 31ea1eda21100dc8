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
  /**
   * The user it acts for: who asked for it (a Send to All's caller, a purchaser). Null (the default)
   * for the service's own jobs (the reminder scan and what it queues), which share one place in the
   * round. The worker serves the owners in turn (`turnsFor`).
   */
  ownerId?: string | null;
  /**
   * At most one job with this key waiting for its first attempt (migration 0030): `enqueueOrPostpone`
   * moves that job's due time instead of adding another. Free again once the job is claimed.
   */
  pendingKey?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/** The wait before attempt n + 1 after n failed: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number): number =>
  Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

const jobRow = (job: NewJob, turn: string, now: Date): Insertable<JobTable> => ({
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
  owner_id: job.ownerId ?? null,
  turn,
  pending_key: job.pendingKey ?? null,
});

/** One step of the line: an owner's jobs are this far apart in the queue's time. */
const TURN_STEP_MS = 1;
const stepsAfter = (turn: string, steps: number) =>
  new Date(Date.parse(turn) + steps * TURN_STEP_MS).toISOString();

/**
 * The places in the line of an owner's new jobs (start-time fair queuing): the first goes one step
 * behind the owner's last waiting job, or level with the head of the line (the due job the worker
 * claims next) when that is later or the owner has none waiting; the others follow one step apart.
 * The worker claims by turn, so it serves every owner with jobs waiting in turn: one user's 500
 * sends are spread over the line, another user's receipt waits for one job of each owner at most.
 * The queue's time is an instant that starts at `now` when nothing is due and moves as jobs are
 * claimed; only the order of turns matters. Two index lookups (`job_turn`, `job_owner`).
 */
async function turnsFor(
  db: Kysely<Database>,
  ownerId: string | null,
  count: number,
  now: Date,
): Promise<string[]> {
  const at = now.toISOString();
  const head = await db
    .selectFrom('job')
    .select('turn')
    .where('state', '=', 'pending')
    .where('due_at', '<=', at)
    .orderBy('turn')
    .limit(1)
    .executeTakeFirst();
  const last = await db
    .selectFrom('job')
    .select('turn')
    .where('owner_id', ownerId === null ? 'is' : '=', ownerId)
    .where('state', '=', 'pending')
    .orderBy('turn', 'desc')
    .limit(1)
    .executeTakeFirst();
  let first = head?.turn ?? at;
  if (last) {
    const behindLast = stepsAfter(last.turn, 1);
    if (behindLast > first) first = behindLast;
  }
  return Array.from({ length: count }, (_, n) => stepsAfter(first, n));
}

/** Adds a job (inside the caller's transaction when given one); false when its unique key was taken. */
export async function enqueue(db: Kysely<Database>, job: NewJob, now = new Date()): Promise<boolean> {
  const [turn] = await turnsFor(db, job.ownerId ?? null, 1, now);
  const result = await db
    .insertInto('job')
    .values(jobRow(job, turn!, now))
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Adds a job due later, or, when a job with its `pendingKey` still waits for its first attempt, moves
 * that one's due time (and payload) to this one's instead: a burst of calls gives one job, due a quiet
 * period after the last (the revised documents of an edited document). A job already claimed is left
 * alone: the call adds the next one. Inside the caller's transaction when given one; answers whether
 * a job was added (false: the waiting one was postponed). The conflict's condition is the partial
 * index `job_pending_key`'s (migration 0030), word for word: both engines pick the index by it.
 */
export async function enqueueOrPostpone(
  db: Kysely<Database>,
  job: NewJob & { pendingKey: string; dueAt: Date },
  now = new Date(),
): Promise<boolean> {
  const [turn] = await turnsFor(db, job.ownerId ?? null, 1, now);
  const row = jobRow(job, turn!, now);
  const kept = await db
    .insertInto('job')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('pending_key')
        .where(sql<boolean>`pending_key is not null and state = 'pending' and attempts = 0`)
        .doUpdateSet((eb) => ({ due_at: eb.ref('excluded.due_at'), payload: eb.ref('excluded.payload') })),
    )
    .returning('job_id')
    .executeTakeFirstOrThrow();
  return kept.job_id === row.job_id;
}

/** Jobs per INSERT of enqueueUnique: 16 parameters a row, well under both engines' limits. */
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
  // Each owner's jobs take their turns together, in the order given (a taken key leaves its turn unused).
  const owners = new Map<string | null, NewJob[]>();
  for (const job of jobs) {
    const owned = owners.get(job.ownerId ?? null);
    if (owned) owned.push(job);
    else owners.set(job.ownerId ?? null, [job]);
  }
  const turns = new Map<NewJob, string>();
  for (const [ownerId, owned] of owners) {
    const places = await turnsFor(db, ownerId, owned.length, now);
    owned.forEach((job, n) => turns.set(job, places[n]!));
  }
  for (let i = 0; i < jobs.length; i += ENQUEUE_BATCH) {
    const rows = await db
      .insertInto('job')
      .values(jobs.slice(i, i + ENQUEUE_BATCH).map((job) => jobRow(job, turns.get(job)!, now)))
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .returning('unique_key')
      .execute();
    for (const row of rows) added.add(row.unique_key!);
  }
  return added;
}

/** Why a job abandoned on its last attempt failed (`last_error`). */
export const abandonedReason = (times: number) =>
  `abandoned ${times === 1 ? 'once' : `${times} times`}: the worker stopped during it`;

/**
 * Fails the jobs whose last attempt was abandoned: running, their lease ended (the worker died or hung
 * in them) and no attempt left. A job that takes its worker down is so tried `max_attempts` times, not
 * for ever. Answers the jobs this call failed (another worker may fail some of them first).
 */
export async function failAbandoned(db: Kysely<Database>, now: Date): Promise<Job[]> {
  const at = now.toISOString();
  const spent = await db
    .selectFrom('job')
    .selectAll()
    .where('state', '=', 'running')
    .where('locked_until', '<', at)
    .whereRef('attempts', '>=', 'max_attempts')
    .execute();
  const failed: Job[] = [];
  for (const job of spent) {
    const abandoned = Number(job.abandoned) + 1;
    const result = await db
      .updateTable('job')
      .set({
        state: 'failed',
        abandoned,
        last_error: abandonedReason(abandoned),
        finished_at: at,
        locked_by: null,
        locked_until: null,
      })
      .where('job_id', '=', job.job_id)
      .where('state', '=', 'running')
      .where('locked_by', '=', job.locked_by)
      .where('locked_until', '=', job.locked_until)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) failed.push({ ...job, state: 'failed', abandoned });
  }
  return failed;
}

/**
 * Claims up to `limit` due jobs for `workerId` until `now + leaseMs`, in turn order (`turnsFor`: the
 * owners in turn): pending jobs whose time has come, and running ones whose lease ended (their worker
 * died) with an attempt left. Each claim is an attempt, counted by the claim itself, so a worker that
 * dies in a job has spent it (`failAbandoned` fails the job whose last attempt was). One UPDATE whose
 * condition is checked again on each row, so two workers never claim the same job on either engine.
 * `kinds`: the kinds the worker has handlers for (all when omitted); a job of another kind is left
 * unclaimed, in its place, for a worker that can run it (`run-jobs` without a payment gateway leaves
 * the settlement jobs to the service).
 */
export async function claimDue(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
  leaseMs: number,
  limit: number,
  kinds?: readonly string[],
): Promise<Job[]> {
  if (kinds?.length === 0) return [];
  const at = now.toISOString();
  // Whether a row may still be claimed, checked again in the UPDATE. A CASE, not an OR of the two
  // conditions: with an OR, SQLite (no statistics) takes the rows from the index by both conditions,
  // every due job's row, instead of looking up the few ids (from 8 ids on).
  const claimable = (eb: ExpressionBuilder<Database, 'job'>) =>
    eb
      .case()
      .when('state', '=', 'pending')
      .then(eb('due_at', '<=', at))
      .when('state', '=', 'running')
      .then(eb.and([eb('locked_until', '<', at), eb('attempts', '<', eb.ref('max_attempts'))]))
      .else(sql<boolean>`false`)
      .end();
  // Two lookups, each reading the first entries of `job_turn (state, turn, due_at)` that qualify
  // (a job not due yet, a retry waiting, is skipped within the index): with the two conditions in
  // one OR, both engines read and sort every due job's row for each claim (10,000 due reminders:
  // about 20 ms a claim on SQLite). Jobs of the same turn run in the index's order.
  const pending = await db
    .selectFrom('job')
    .select(['job_id', 'turn'])
    .where('state', '=', 'pending')
    .where('due_at', '<=', at)
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
    .orderBy('turn')
    .limit(limit)
    .execute();
  const abandoned = await db
    .selectFrom('job')
    .select(['job_id', 'turn'])
    .where('state', '=', 'running')
    .where('locked_until', '<', at)
    .whereRef('attempts', '<', 'max_attempts')
    .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds!))
    .orderBy('turn')
    .limit(limit)
    .execute();
  const next = [...abandoned, ...pending]
    .sort((a, b) => (a.turn < b.turn ? -1 : a.turn > b.turn ? 1 : 0))
    .slice(0, limit);
  if (next.length === 0) return [];
  const claimed = await db
    .updateTable('job')
    .set((eb) => ({
      state: 'running',
      locked_by: workerId,
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql`attempts + 1`,
      // Taken over from a worker that died in it: that attempt was abandoned.
      abandoned: eb
        .case()
        .when('state', '=', 'running')
        .then(sql<number>`abandoned + 1`)
        .else(eb.ref('abandoned'))
        .end(),
    }))
    .where(
      'job_id',
      'in',
      next.map((job) => job.job_id),
    )
    .where(claimable)
    .returningAll()
    .execute();
  // All taken by another worker between the two statements: the caller asks again.
  if (claimed.length === 0) return claimDue(db, workerId, now, leaseMs, limit, kinds);
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

/** Where the queue stands for one kind of job: `jobQueueStats`. */
export interface QueueStats {
  /** Pending jobs whose time has come (waiting for a worker). */
  due: number;
  /** Jobs a worker is running now. */
  running: number;
  /** Since when the oldest due job waits (null: none due). */
  oldestDueAt: string | null;
}

/**
 * The queue by kind, in one grouped query over the pending and running jobs (the `job_turn` index's
 * leading state), for the metrics scrape: only the kinds asked about, each one present (zeros).
 */
export async function jobQueueStats(
  db: Kysely<Database>,
  kinds: readonly string[],
  now: Date,
): Promise<Map<string, QueueStats>> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('job')
    .select((eb) => [
      'kind',
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(eb.and([eb('state', '=', 'pending'), eb('due_at', '<=', at)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('due'),
      eb.fn.sum<number | string>(eb.case().when('state', '=', 'running').then(1).else(0).end()).as('running'),
      eb.fn
        .min<string | null>(
          eb
            .case()
            .when(eb.and([eb('state', '=', 'pending'), eb('due_at', '<=', at)]))
            .then(eb.ref('due_at'))
            .else(null)
            .end(),
        )
        .as('oldest_due_at'),
    ])
    .where('state', 'in', ['pending', 'running'])
    .where('kind', 'in', kinds)
    .groupBy('kind')
    .execute();
  const stats = new Map<string, QueueStats>(
    kinds.map((kind) => [kind, { due: 0, running: 0, oldestDueAt: null }]),
  );
  for (const row of rows) {
    stats.set(row.kind, {
      due: Number(row.due ?? 0),
      running: Number(row.running ?? 0),
      oldestDueAt: row.oldest_due_at ?? null,
    });
  }
  return stats;
}
