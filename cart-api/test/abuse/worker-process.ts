/**
 * A cart-api job worker in a process of its own, for abandoned-jobs.cases.ts: it runs what is due on
 * DATABASE_URL at the clock CLOCK (an ISO instant) with a lease of LEASE_MS, and its one kind of job,
 * `kills-the-worker`, ends the process in the middle of the job, as a crash or an out-of-memory kill
 * would (exit code 70). Prints `{"ran": n}` when it lives to the end of the pass.
 */
import { createDatabase } from 'service-kit/server';
import type { Database } from '../../src/db/schema.js';
import { JobRunner } from '../../src/jobs/runner.js';

const db = createDatabase<Database>(process.env.DATABASE_URL!);
const clock = new Date(process.env.CLOCK!);
const silent = { info: () => undefined, error: () => undefined };
const runner = new JobRunner({
  db,
  handlers: { 'kills-the-worker': async () => process.exit(70) },
  log: silent,
  now: () => clock,
  leaseMs: Number(process.env.LEASE_MS),
});
const ran = await runner.runDue();
await db.destroy();
process.stdout.write(JSON.stringify({ ran }));
