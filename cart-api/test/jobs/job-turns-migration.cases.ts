import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { migratedDatabase } from '../helpers/database.js';
import * as jobTurns from '../../src/db/migrations/0022-job-turns.js';
import type { Database } from '../../src/db/schema.js';
import { claimDue } from '../../src/jobs/queue.js';

/**
 * Migration 0022 (issue 21 item 5) on a queue in use: the jobs waiting keep their order (their turn is
 * their due time), none is abandoned yet and none has an owner; `down` gives back 0014's table.
 */
describe('migration 0022: abandoned claims, owners and turns of the jobs', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const now = new Date('2026-11-25T12:00:00.000Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  // Which of the three columns the job table has (on PostgreSQL, the introspection lists every schema's).
  const columns = async () => {
    const has = await Promise.all(
      ['abandoned', 'owner_id', 'turn'].map((column) =>
        sql`select ${sql.ref(column)} from job limit 1`.execute(db).then(
          () => [column],
          () => [],
        ),
      ),
    );
    return has.flat();
  };

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives the waiting jobs their due time as turn, and goes down and up again', async () => {
    await jobTurns.down(db as Kysely<unknown>);
    expect(await columns()).toEqual([]);
    // Jobs as 0014 wrote them: two waiting (the later one first), one running whose worker died.
    const job = (jobId: string, state: string, dueAt: string, lockedUntil: string | null) =>
      sql`insert into job (job_id, kind, payload, unique_key, state, due_at, attempts, max_attempts,
        locked_by, locked_until, last_error, result, created_at, finished_at)
        values (${jobId}, 'echo', 'null', null, ${state}, ${dueAt}, ${state === 'running' ? 1 : 0}, 5,
        ${lockedUntil ? 'dead-worker' : null}, ${lockedUntil}, null, null, ${dueAt}, null)`.execute(db);
    await job('later', 'pending', minutesAgo(1), null);
    await job('earlier', 'pending', minutesAgo(30), null);
    await job('orphan', 'running', minutesAgo(10), minutesAgo(5));

    await jobTurns.up(db as Kysely<unknown>);
    const rows = await db
      .selectFrom('job')
      .select(['job_id', 'due_at', 'turn', 'owner_id', 'abandoned'])
      .orderBy('job_id')
      .execute();
    expect(rows).toEqual([
      { job_id: 'earlier', due_at: minutesAgo(30), turn: minutesAgo(30), owner_id: null, abandoned: 0 },
      { job_id: 'later', due_at: minutesAgo(1), turn: minutesAgo(1), owner_id: null, abandoned: 0 },
      { job_id: 'orphan', due_at: minutesAgo(10), turn: minutesAgo(10), owner_id: null, abandoned: 0 },
    ]);
    // Claimed in their order as before, the orphan's claim counted as abandoned.
    const claimed = await claimDue(db, 'worker', now, 60_000, 8);
    expect(claimed.map((row) => [row.job_id, row.attempts, row.abandoned])).toEqual([
      ['earlier', 1, 0],
      ['orphan', 2, 1],
      ['later', 1, 0],
    ]);

    await jobTurns.down(db as Kysely<unknown>);
    expect(await columns()).toEqual([]);
    await jobTurns.up(db as Kysely<unknown>);
    expect(await columns()).toEqual(['abandoned', 'owner_id', 'turn']);
  });
});
