import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimDue, completeJob, failAbandoned, failJob, releaseLeases, type Job } from './queue.js';

/**
 * A handler's failure that no retry mends (the input itself is wrong): the job fails for good at
 * once, its message kept as `last_error` for whoever asks about the job.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** What a job's handler is given: the payload and the clock it runs by. */
export type JobHandler = (payload: unknown, context: { job: Job; now: Date }) => Promise<unknown>;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  handlers: Record<string, JobHandler>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** The clock (tests set it). */
  now?: () => Date;
  /** How long a claimed job is this worker's before another may take it over. */
  leaseMs?: number;
  /**
   * How many due jobs are claimed at once and run side by side (8): an e-mail job mostly waits for
   * the mail server, the disk or the database, so one waiting job does not hold up the others. Kept
   * under the PostgreSQL pool's 10 connections, so requests still find one.
   */
  concurrency?: number;
  /**
   * Told of each failed attempt (the metrics' job failures): `final` when the job failed for good
   * (its last attempt, a permanent error, or abandoned on its last attempt).
   */
  onFailure?: (kind: string, final: boolean) => void;
}

/**
 * Runs due jobs: `runDue()` until none is left (the operator command, tests), `start()` to poll in
 * the background, `wake()` after an enqueue so the job runs at once. Each claim is an attempt: a
 * handler's throw is a failed one (retried after a backoff, failed for good after the last one), and
 * so is a claim whose worker died or hung in the job (taken over when its lease ends, failed for good
 * when it was the last: `failAbandoned`). It claims only the kinds it has handlers for: a job of
 * another kind waits, unclaimed, for a worker that has one (`run-jobs` without a payment gateway).
 */
export class JobRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  /** Set by stop(): the pass under way ends after the jobs it is running, leaving the rest due. */
  private stopping = false;
  /** Set by shutdown(): its leases are given back, nothing more is waited for. */
  private released = false;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  /** The kinds it claims: those it has a handler for. */
  private readonly kinds: readonly string[];

  constructor(private readonly options: JobRunnerOptions) {
    this.kinds = Object.keys(options.handlers);
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.concurrency = Math.max(1, options.concurrency ?? 8);
  }

  /** Runs every job due now, `concurrency` at a time; answers how many ran. */
  runDue(): Promise<number> {
    if (this.running) {
      // A pass is under way: it goes round once more when it ends (a job enqueued meanwhile).
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    let count = 0;
    do {
      this.again = false;
      while (!this.stopping) {
        for (const job of await failAbandoned(this.options.db, this.now())) {
          this.options.onFailure?.(job.kind, true);
          this.options.log.error(
            { jobId: job.job_id, kind: job.kind, attempts: job.attempts, abandoned: job.abandoned },
            'job failed: its worker stopped during its last attempt',
          );
        }
        const jobs = await claimDue(
          this.options.db,
          this.workerId,
          this.now(),
          this.leaseMs,
          this.concurrency,
          this.kinds,
        );
        if (jobs.length === 0) break;
        count += jobs.length;
        await Promise.all(jobs.map((job) => this.run(job)));
      }
    } while (this.again && !this.stopping);
    return count;
  }

  private async run(job: Job): Promise<void> {
    const handler = this.options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      const result = await handler(JSON.parse(job.payload) as unknown, { job, now: this.now() });
      await completeJob(this.options.db, job, result, this.now());
    } catch (error) {
      this.options.log.error(
        { err: error, jobId: job.job_id, kind: job.kind, attempt: job.attempts },
        'job failed',
      );
      const permanent = error instanceof PermanentJobError;
      await failJob(this.options.db, job, error, this.now(), permanent);
      this.options.onFailure?.(job.kind, permanent || Number(job.attempts) >= job.max_attempts);
    }
  }

  /** Runs what is due now, in the background (after an enqueue). */
  wake(): void {
    this.runDue().catch((error: unknown) => this.options.log.error({ err: error }, 'job pass failed'));
  }

  /** Polls every `intervalMs` (retries and later due times are picked up so). */
  start(intervalMs: number): void {
    if (this.timer) clearInterval(this.timer);
    this.stopping = false;
    this.released = false;
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
    this.wake();
  }

  /**
   * Stops polling and waits for the jobs under way (at most `concurrency`); what is still due stays
   * in the database for the next start or another instance.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    // After shutdown() a job may still hang in its handler: closing does not wait for it again.
    if (this.released) return;
    this.stopping = true;
    await this.running?.catch(() => undefined);
    this.stopping = false;
  }

  /**
   * The graceful shutdown's step: stops claiming, gives the jobs under way up to `waitMs` to finish,
   * then releases the leases still held (`releaseLeases`: pending again, unlocked), so another
   * instance runs them at once rather than when the lease ends. Answers how many were released.
   * The handlers still running are abandoned with the process: a job's work is made to be run again
   * (as when a lease is taken over).
   */
  async shutdown(waitMs: number): Promise<number> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running?.catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
    this.released = true;
    const released = await releaseLeases(this.options.db, this.workerId);
    if (released > 0) {
      this.options.log.info({ released, workerId: this.workerId }, 'job leases released at shutdown');
    }
    return released;
  }
}
