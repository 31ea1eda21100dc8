import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Cron } from 'croner';
import { JOB_KINDS, jobHandlers } from '../../jobs/handlers.js';
import { enqueue, jobQueueStats, type NewJob, type QueueStats } from '../../jobs/queue.js';
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
 * closing the service waits for the job under way; a SIGTERM's drain stops its claims at once, and
 * its shutdown step waits for the jobs under way within the bound. With the worker,
 * REMINDERS_SCHEDULE queues the day's reminder scan (and the start catches up on a day the service
 * was down).
 */
export default fp<{ jobs: Config['jobs']; appUrl: string; now?: () => Date }>(
  async (app, { jobs, appUrl, now }) => {
    const clock = now ?? (() => new Date());
    const failures = app.metrics.counter({
      name: 'jobs_failed_total',
      help: 'Failed job attempts by kind; final="true" when the job failed for good (no retry left)',
      labelNames: ['kind', 'final'],
    });
    const runner = new JobRunner({
      onFailure: (kind, final) => failures.inc({ kind, final: String(final) }),
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
    queueMetrics(app, clock);
    // SIGTERM (service-kit's serve): the drain stops the reminder schedule and the claims at once (no
    // new pass while the requests drain); once they have, the jobs under way get the time left. A job
    // whose handler is still running then keeps its lease: never given back while it runs here.
    app.lifecycle.onDrain(() => {
      schedule?.stop();
      runner.stopClaiming();
    });
    app.lifecycle.addShutdownStep('jobs under way', async (remainingMs) => {
      await runner.shutdown(remainingMs);
    });
    app.addHook('onClose', async () => {
      schedule?.stop();
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['mailer', 'identity', 'payments'] },
);

/**
 * The queue's gauges, read at each scrape in one grouped query (`jobQueueStats`), for the kinds
 * cart-api has (a bounded label): due jobs waiting, jobs running, and how long the oldest due one has
 * waited (0 when none), the sign of a worker that is down or overwhelmed.
 */
function queueMetrics(app: FastifyInstance, clock: () => Date) {
  const kinds = Object.values(JOB_KINDS);
  // The three gauges are collected side by side at a scrape: they share the one query under way.
  let pending: Promise<{ now: Date; stats: Map<string, QueueStats> }> | undefined;
  const read = () =>
    (pending ??= (async () => {
      const now = clock();
      return { now, stats: await jobQueueStats(app.db, kinds, now) };
    })().finally(() => {
      pending = undefined;
    }));
  const gauge = (name: string, help: string, value: (stat: QueueStats, now: Date) => number) =>
    app.metrics.gauge({
      name,
      help,
      labelNames: ['kind'],
      async collect() {
        const { now, stats } = await read();
        for (const [kind, stat] of stats) this.set({ kind }, value(stat, now));
      },
    });
  gauge('jobs_due', 'Pending jobs whose due time has come, by kind', (stat) => stat.due);
  gauge('jobs_running', 'Jobs a worker holds now, by kind', (stat) => stat.running);
  gauge(
    'jobs_oldest_due_age_seconds',
    'How long the oldest due pending job has waited, by kind (0: none due)',
    (stat, now) =>
      stat.oldestDueAt === null ? 0 : Math.max(0, (now.getTime() - Date.parse(stat.oldestDueAt)) / 1000),
  );
}
