import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimDue, completeJob, failAbandoned, failJob, type Job } from './queue.js';

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
  log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
    /** The shutdown's word about jobs left to their lease (`error` when absent). */
    warn?(object: object, message: string): void;
  };
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
 * On SIGTERM the service's drain stops its claims (`stopClaiming`) and the shutdown step waits for
 * the jobs under way (`shutdown`); a job is never handed back while its handler still runs.
 */
export class JobRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  /** Set by stop(): the pass under way ends after the jobs it is running, leaving the rest due. */
  private stopping = false;
  /** Set by stopClaiming() (the service draining) until the next start(): no claim, no new pass. */
  private draining = false;
  /** Set by shutdown() when a handler overran its bound: closing does not wait for it again. */
  private leftRunning = false;
  /** The jobs claimed and not yet settled (handler, then completeJob or failJob). */
  private readonly active = new Set<Job>();
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

  /** No more claims: stop() or the drain. */
  private get halted(): boolean {
    return this.stopping || this.draining;
  }

  /** Runs every job due now, `concurrency` at a time; answers how many ran (0 once draining). */
  runDue(): Promise<number> {
    if (this.draining) return this.running ?? Promise.resolve(0);
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
      while (!this.halted) {
        for (const job of await failAbandoned(this.options.db, this.now())) {
          this.options.onFailure?.(job.kind, true);
          this.options.log.error(
            { jobId: job.job_id, kind: job.kind, attempts: job.attempts, abandoned: job.abandoned },
            'job failed: its worker stopped during its last attempt',
          );
        }
        // The drain may have begun while the abandoned jobs were failed: no claim after it.
        if (this.halted) break;
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
    } while (this.again && !this.halted);
    return count;
  }

  private async run(job: Job): Promise<void> {
    this.active.add(job);
    try {
      await this.attempt(job);
    } finally {
      this.active.delete(job);
    }
  }

  private async attempt(job: Job): Promise<void> {
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
    this.draining = false;
    this.leftRunning = false;
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
    if (this.leftRunning) return;
    this.stopping = true;
    await this.running?.catch(() => undefined);
    this.stopping = false;
  }

  /**
   * The service is draining (its drain listener): from now on, until the next start(), no job is
   * claimed and no pass begins; the pass under way ends once the jobs it holds have settled.
   */
  stopClaiming(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.draining = true;
  }

  /**
   * The graceful shutdown's step: stops claiming (already done by the drain) and waits up to `waitMs`
   * for the jobs under way to settle. A job is never given back while its handler runs here (another
   * instance would run it at the same time): one still running at the bound keeps its lease, and
   * another instance takes it over when the lease ends (the queue's at-least-once fallback, as for a
   * worker that died). Answers how many were left so (0: all settled), logged at warn with when their
   * leases end.
   */
  async shutdown(waitMs: number): Promise<number> {
    this.stopClaiming();
    const running = this.running;
    if (!running) return 0;
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      running.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (settled) return 0;
    this.leftRunning = true;
    const jobs = [...this.active];
    const leaseEndsAt = jobs
      .map((job) => job.locked_until)
      .filter((until): until is string => until !== null)
      .sort()
      .at(-1);
    const log = this.options.log;
    (log.warn ?? log.error).call(
      log,
      {
        running: jobs.length,
        jobIds: jobs.map((job) => job.job_id),
        leaseEndsAt,
        workerId: this.workerId,
      },
      'jobs still running at shutdown: left to their lease, another instance takes them over when it ends',
    );
    return jobs.length;
  }
}
