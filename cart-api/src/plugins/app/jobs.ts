import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Cron } from 'croner';
import { jobHandlers } from '../../jobs/handlers.js';
import { enqueue, type NewJob } from '../../jobs/queue.js';
import { JobRunner } from '../../jobs/runner.js';
import { enqueueReminderScan, scheduleReminderScans } from '../../reminders/schedule.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      runner: JobRunner;
      /** Runs the jobs a committed transaction enqueued, now rather than at the next poll. */
      wake(): void;
      enqueue(job: NewJob): Promise<boolean>;
      /** Queues today's reminder scan (once a day, whoever asks). */
      enqueueReminderScan(): Promise<boolean>;
    };
  }
}

/**
 * `app.jobs`: the worker inside cart-api (README "Jobs"). It polls every JOBS_POLL_MS (0: no
 * background worker; `node dist/cli.js run-jobs` runs what is due) and is woken after an enqueue;
 * closing the service waits for the job under way. With the worker, REMINDERS_SCHEDULE queues the
 * day's reminder scan (and the start catches up on a day the service was down).
 */
export default fp<{ jobs: Config['jobs']; appUrl: string; now?: () => Date }>(
  async (app, { jobs, appUrl, now }) => {
    const clock = now ?? (() => new Date());
    const runner = new JobRunner({
      db: app.db,
      handlers: jobHandlers({
        db: app.db,
        mailer: app.mailer,
        identity: app.identity,
        appUrl,
        settlement: { payments: app.payments, checkEveryMs: jobs.settlementCheckMs },
      }),
      log: app.log,
      ...(now ? { now } : {}),
    });
    let schedule: Cron | undefined;
    const queueScan = async () => {
      const queued = await enqueueReminderScan(app.db, clock());
      if (queued) runner.wake();
      return queued;
    };
    app.decorate('jobs', {
      runner,
      // No background worker (JOBS_POLL_MS=0): jobs wait for `run-jobs`.
      wake: () => {
        if (jobs.pollMs > 0) runner.wake();
      },
      enqueue: (job: NewJob) => enqueue(app.db, job, now?.()),
      enqueueReminderScan: () => enqueueReminderScan(app.db, clock()),
    });
    app.addHook('onReady', async () => {
      if (jobs.pollMs === 0) return;
      runner.start(jobs.pollMs);
      if (jobs.remindersSchedule) {
        schedule = scheduleReminderScans(jobs.remindersSchedule, () => {
          queueScan().catch((error: unknown) => app.log.error({ err: error }, 'reminder scan not queued'));
        });
        await queueScan();
      }
    });
    app.addHook('onClose', async () => {
      schedule?.stop();
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['mailer', 'identity', 'payments'] },
);
