import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimNext, completeJob, failJob, type Job } from './queue.js';

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
}

/**
 * Runs due jobs: `runDue()` until none is left (the operator command, tests), `start()` to poll in
 * the background, `wake()` after an enqueue so the job runs at once. A handler's throw is a failed
 * attempt (retried after a backoff, failed for good after the last one); a job of an unknown kind fails.
 */
export class JobRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private readonly now: () => Date;
  private readonly leaseMs: number;

  constructor(private readonly options: JobRunnerOptions) {
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  /** Runs every job due now, one after another; answers how many ran. */
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
      for (;;) {
        const now = this.now();
        const job = await claimNext(this.options.db, this.workerId, now, this.leaseMs);
        if (!job) break;
        count += 1;
        await this.run(job);
      }
    } while (this.again);
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
      await failJob(this.options.db, job, error, this.now());
    }
  }

  /** Runs what is due now, in the background (after an enqueue). */
  wake(): void {
    this.runDue().catch((error: unknown) => this.options.log.error({ err: error }, 'job pass failed'));
  }

  /** Polls every `intervalMs` (retries and later due times are picked up so). */
  start(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
