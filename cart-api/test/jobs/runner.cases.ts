import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { createDatabase, createTestDatabase, type TestDatabase } from 'service-kit/server';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { backoffMs, enqueue } from '../../src/jobs/queue.js';
import { JobRunner, type JobHandler } from '../../src/jobs/runner.js';

/** The jobs (issue 11 "Jobs and reminders"): once only, retried, never two workers on one job. */
describe('the job queue and its runner', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  const silent = { info: () => undefined, error: () => undefined };
  let clock = new Date('2026-11-25T12:00:00.000Z');
  const now = () => clock;
  const runner = (handlers: Record<string, JobHandler>, concurrency?: number) =>
    new JobRunner({ db, handlers, log: silent, now, ...(concurrency ? { concurrency } : {}) });
  const jobs = () => db.selectFrom('job').selectAll().orderBy('created_at').execute();

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase<Database>(database.url);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('runs a due job once, keeps its result, and waits for a job not due yet', async () => {
    const seen: unknown[] = [];
    const handlers = { echo: async (payload: unknown) => (seen.push(payload), { echoed: payload }) };
    expect(await enqueue(db, { kind: 'echo', payload: { n: 1 } }, clock)).toBe(true);
    await enqueue(db, { kind: 'echo', payload: { n: 2 }, dueAt: new Date(clock.getTime() + 60_000) }, clock);
    expect(await runner(handlers).runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    clock = new Date(clock.getTime() + 60_000);
    expect(await runner(handlers).runDue()).toBe(1);
    expect(await runner(handlers).runDue()).toBe(0);
    expect((await jobs()).map((job) => [job.state, job.result])).toEqual([
      ['done', '{"echoed":{"n":1}}'],
      ['done', '{"echoed":{"n":2}}'],
    ]);
  });

  it('enqueues a job with a unique key once only', async () => {
    const key = `reminder:${clock.toISOString()}`;
    expect(await enqueue(db, { kind: 'echo', payload: 1, uniqueKey: key }, clock)).toBe(true);
    expect(await enqueue(db, { kind: 'echo', payload: 2, uniqueKey: key }, clock)).toBe(false);
    expect(await db.selectFrom('job').select('payload').where('unique_key', '=', key).execute()).toEqual([
      { payload: '1' },
    ]);
    await runner({ echo: async () => null }).runDue();
  });

  it('retries a failed job after its backoff, and fails it for good after its last attempt', async () => {
    let calls = 0;
    const flaky = {
      flaky: async () => {
        calls += 1;
        throw new Error(`down ${calls}`);
      },
    };
    await enqueue(db, { kind: 'flaky', payload: null, maxAttempts: 2 }, clock);
    expect(await runner(flaky).runDue()).toBe(1);
    const [, , , retried] = await jobs();
    expect(retried).toMatchObject({ state: 'pending', attempts: 1, last_error: 'down 1' });
    expect(await runner(flaky).runDue()).toBe(0); // not before the backoff
    clock = new Date(clock.getTime() + backoffMs(1));
    expect(await runner(flaky).runDue()).toBe(1);
    expect((await jobs())[3]).toMatchObject({ state: 'failed', attempts: 2, last_error: 'down 2' });
    expect(calls).toBe(2);
  });

  it('never lets two workers run one job, and takes over a job whose worker died', async () => {
    const ran: string[] = [];
    const slow = (name: string) => ({
      slow: async (payload: unknown) => {
        ran.push(`${name}:${String(payload)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    // More jobs than the two workers claim at a time (3 each): they take turns at the queue.
    for (let n = 0; n < 30; n += 1) await enqueue(db, { kind: 'slow', payload: n }, clock);
    const counts = await Promise.all([runner(slow('a'), 3).runDue(), runner(slow('b'), 3).runDue()]);
    expect(counts[0]! + counts[1]!).toBe(30);
    expect(counts.every((count) => count > 0)).toBe(true);
    // Every job once, by one worker or the other.
    const payloads = ran.map((entry) => Number(entry.split(':')[1]));
    expect(payloads.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    ran.length = 0;

    // A worker that claimed a job and died: its lease ends, another runs it.
    await enqueue(db, { kind: 'slow', payload: 'orphan' }, clock);
    const orphan = await db
      .selectFrom('job')
      .select('job_id')
      .where('payload', '=', '"orphan"')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('job')
      .set({
        state: 'running',
        locked_by: 'dead-worker',
        locked_until: new Date(clock.getTime() + 1000).toISOString(),
      })
      .where('job_id', '=', orphan.job_id)
      .execute();
    expect(await runner(slow('c')).runDue()).toBe(0);
    clock = new Date(clock.getTime() + 2000);
    expect(await runner(slow('c')).runDue()).toBe(1);
    expect(
      await db.selectFrom('job').select('state').where('job_id', '=', orphan.job_id).executeTakeFirst(),
    ).toEqual({
      state: 'done',
    });
  });

  it('stops after the jobs under way, leaving the rest due for the next start', async () => {
    let started = 0;
    // The two jobs under way run until the test lets them go: stop() is called while they run, however
    // slow the machine (a fixed pause could stop before the claim, or after the next one).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let bothStarted!: () => void;
    const underWay = new Promise<void>((resolve) => (bothStarted = resolve));
    for (let n = 0; n < 10; n += 1) await enqueue(db, { kind: 'stoppable', payload: n }, clock);
    const worker = runner(
      {
        stoppable: async () => {
          started += 1;
          if (started === 2) bothStarted();
          await released;
        },
      },
      2,
    );
    const pass = worker.runDue();
    await underWay;
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await pass).toBe(2);
    expect(started).toBe(2);
    const left = await db.selectFrom('job').select('state').where('kind', '=', 'stoppable').execute();
    expect(left.filter((job) => job.state === 'pending')).toHaveLength(8);
    // The next start runs them.
    expect(await worker.runDue()).toBe(8);
  });

  it('leaves a job of a kind it has no handler for in its place, for a worker that has one', async () => {
    // First in line: a job this worker cannot run (run-jobs without a payment gateway and a
    // settle-payment job), then one it can.
    await enqueue(db, { kind: 'elsewhere', payload: 'first', ownerId: 'buyer' }, clock);
    await enqueue(db, { kind: 'here', payload: 'second', ownerId: 'other' }, clock);
    const ran: unknown[] = [];
    expect(await runner({ here: async (payload) => ran.push(payload) }, 1).runDue()).toBe(1);
    expect(ran).toEqual(['second']);
    const waiting = await db
      .selectFrom('job')
      .select(['state', 'attempts', 'last_error'])
      .where('kind', '=', 'elsewhere')
      .execute();
    expect(waiting).toEqual([{ state: 'pending', attempts: 0, last_error: null }]);
    // A worker with its handler runs it, once.
    expect(await runner({ elsewhere: async (payload) => ran.push(payload) }).runDue()).toBe(1);
    expect(ran).toEqual(['second', 'first']);
  });
});
