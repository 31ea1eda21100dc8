import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { enqueue, type NewJob } from '../../jobs/queue.js';
import { JobRunner } from '../../jobs/runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      runner: JobRunner;
      /** Runs the jobs a committed transaction enqueued, now rather than at the next poll. */
      wake(): void;
      enqueue(job: NewJob): Promise<boolean>;
    };
  }
}

/**
 * `app.jobs`: the worker inside cart-api (README "Jobs"). It polls every JOBS_POLL_MS (0: no
 * background worker; `node dist/cli.js run-jobs` runs what is due) and is woken after an enqueue;
 * closing the service waits for the job under way.
 */
export default fp<{ jobs: Config['jobs']; now?: () => Date }>(
  async (app, { jobs, now }) => {
    const runner = new JobRunner({
      db: app.db,
      handlers: jobHandlers(app),
      log: app.log,
      ...(now ? { now } : {}),
    });
    app.decorate('jobs', {
      runner,
      // No background worker (JOBS_POLL_MS=0): jobs wait for `run-jobs`.
      wake: () => {
        if (jobs.pollMs > 0) runner.wake();
      },
      enqueue: (job: NewJob) => enqueue(app.db, job, now?.()),
    });
    app.addHook('onReady', async () => {
      if (jobs.pollMs > 0) runner.start(jobs.pollMs);
    });
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['mailer'] },
);
