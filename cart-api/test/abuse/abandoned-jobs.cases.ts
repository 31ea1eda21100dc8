import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { migratedDatabase } from '../helpers/database.js';
import type { Database } from '../../src/db/schema.js';
import { backoffMs, enqueue } from '../../src/jobs/queue.js';
import { JobRunner, type JobHandler } from '../../src/jobs/runner.js';

const LEASE_MS = 5 * 60_000;

/**
 * Issue 21 item 5, "Jobs that fail for good": a job whose handler takes its worker down (a crash, an
 * out-of-memory kill, a hang) is abandoned with its lease. Each claim is an attempt, so such a job is
 * failed after its last one, with the reason, instead of taking cart-api down every five minutes for ever.
 */
describe('a job that kills its worker', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const silent = { info: () => undefined, error: () => undefined };
  let clock = new Date('2026-11-25T12:00:00.000Z');
  /** The lease of the last claim has ended. */
  const leaseEnds = () => (clock = new Date(clock.getTime() + LEASE_MS + 1_000));
  const jobOf = (jobId: string) =>
    db.selectFrom('job').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
  const enqueued = async (kind: string, maxAttempts: number) => {
    await enqueue(
      db,
      { kind, payload: null, maxAttempts, uniqueKey: `${kind}:${clock.toISOString()}` },
      clock,
    );
    const row = await db
      .selectFrom('job')
      .select('job_id')
      .where('unique_key', '=', `${kind}:${clock.toISOString()}`)
      .executeTakeFirstOrThrow();
    return row.job_id;
  };

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  /**
   * One worker's pass, in a worker that dies in the job (its handler never ends: the worker is gone,
   * the test simply never waits for it). Answers 'claimed' when the job was claimed, else how many ran.
   */
  async function passOfAWorkerThatDies(kind: string, handler?: JobHandler): Promise<string> {
    let claimed!: () => void;
    const claim = new Promise<string>((resolve) => (claimed = () => resolve('claimed')));
    const dies: JobHandler = () => {
      claimed();
      return new Promise(() => undefined);
    };
    const worker = new JobRunner({
      db,
      handlers: { [kind]: handler ?? dies },
      log: silent,
      now: () => clock,
      leaseMs: LEASE_MS,
    });
    return Promise.race([claim, worker.runDue().then((ran) => `ran ${ran}`)]);
  }

  it('is claimed max_attempts times, then failed with its reason and never claimed again', async () => {
    const jobId = await enqueued('takes-the-worker-down', 3);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await passOfAWorkerThatDies('takes-the-worker-down')).toBe('claimed');
      // Each claim is an attempt, spent in the claim itself: the worker died before it could count one.
      expect(await jobOf(jobId)).toMatchObject({ state: 'running', attempts: attempt });
      // Its lease still holds: nobody takes it over yet.
      expect(await passOfAWorkerThatDies('takes-the-worker-down')).toBe('ran 0');
      leaseEnds();
    }
    // The third worker died too: no fourth claim, the job fails with what happened.
    expect(await passOfAWorkerThatDies('takes-the-worker-down')).toBe('ran 0');
    const failed = await jobOf(jobId);
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      abandoned: 3,
      last_error: 'abandoned 3 times: the worker stopped during it',
      finished_at: clock.toISOString(),
      locked_by: null,
      locked_until: null,
    });
    // Never again, however late.
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    expect(await passOfAWorkerThatDies('takes-the-worker-down')).toBe('ran 0');
    expect(await jobOf(jobId)).toEqual(failed);
  });

  it('counts a thrown error and an abandoned claim alike: the attempts are spent whichever way', async () => {
    const jobId = await enqueued('throws-then-kills', 3);
    let calls = 0;
    const throwsTwice: JobHandler = async () => {
      calls += 1;
      throw new Error(`mail server down ${calls}`);
    };
    expect(await passOfAWorkerThatDies('throws-then-kills', throwsTwice)).toBe('ran 1');
    expect(await jobOf(jobId)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'mail server down 1',
    });
    clock = new Date(clock.getTime() + backoffMs(1));
    expect(await passOfAWorkerThatDies('throws-then-kills')).toBe('claimed');
    leaseEnds();
    // The abandoned attempt was the second: the third is the last, a thrown error ends the job.
    expect(await passOfAWorkerThatDies('throws-then-kills', throwsTwice)).toBe('ran 1');
    expect(await jobOf(jobId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      abandoned: 1,
      last_error: 'mail server down 2',
    });
  });

  it('fails after max_attempts real worker processes were killed by it (process.exit in the job)', async () => {
    const script = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
    const loader = fileURLToPath(new URL('./ts-loader.mjs', import.meta.url));
    // A worker process on the same database (a file on SQLite, a schema on PostgreSQL) at the clock `at`.
    const worker = (at: Date) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--no-warnings', '--conditions=source', '--import', loader, script],
          {
            env: {
              ...process.env,
              DATABASE_URL: database.url,
              CLOCK: at.toISOString(),
              LEASE_MS: String(LEASE_MS),
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const jobId = await enqueued('kills-the-worker', 3);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const run = await worker(clock);
      expect({ code: run.code, err: run.err }).toEqual({ code: 70, err: '' });
      expect(await jobOf(jobId)).toMatchObject({ state: 'running', attempts: attempt });
      leaseEnds();
    }
    const last = await worker(clock);
    expect({ code: last.code, out: last.out }).toEqual({ code: 0, out: '{"ran":0}' });
    expect(await jobOf(jobId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_error: 'abandoned 3 times: the worker stopped during it',
    });
  });
});
