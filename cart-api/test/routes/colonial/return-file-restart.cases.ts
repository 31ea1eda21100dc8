import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { Database } from '../../../src/db/schema.js';
import { createDatabase } from 'service-kit/server';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { companyRow, documentRow } from '../../helpers/rows.js';
import { TEST_AUDIENCE } from '../../helpers/test-issuer.js';
import { multipart, returnFile } from './return-files.js';

const ROWS = 1_000;
const admin = { userId: randomUUID(), roles: ['admin'] as const, username: 'restart.admin' };

/**
 * A restart of cart-api in the middle of a return file loses nothing (issue 12, acceptance): the
 * worker dies with a fifth of the rows done (its database connection gone: nothing more is written,
 * not even the job's failure, so the job stays leased as after a kill), a new instance takes the job
 * over when the lease ends and finishes it; every row is applied exactly once.
 */
describe('a restart in the middle of a return file', () => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx?.close().catch(() => undefined);
  });

  it('finishes the job after the restart, each row applied once', async () => {
    ctx = await buildTestApp();
    const partner = { ...companyRow('Restart Colonial', { kind: 'strategic-partner' }), colonial: 1 };
    await ctx.db.insertInto('company').values(partner).execute();
    const clients = Array.from({ length: ROWS }, (_, index) => ({
      ...companyRow(`Restart Client ${index}`),
      strategic_partner_id: partner.company_id,
      bcn: `R-${String(index).padStart(4, '0')}`,
    }));
    for (let i = 0; i < ROWS; i += 200)
      await ctx.db
        .insertInto('company')
        .values(clients.slice(i, i + 200))
        .execute();
    // Every 10th client is cancelled by the file (No Pay N2): its Colonial document becomes Inactive.
    const documents = clients
      .filter((_, index) => index % 10 === 0)
      .map((client) =>
        documentRow(admin.userId, client.company_id, { strategic_partner_id: partner.company_id }),
      );
    await ctx.db.insertInto('epop_document').values(documents).execute();

    const rows = clients.map((client, index) => [
      'Colonial',
      client.bcn,
      '',
      '04/01/2027',
      index % 10 === 0 ? 'N2' : '',
    ]);
    const { payload, headers } = multipart(await returnFile(rows));
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/colonial/return-file',
      payload,
      headers: { ...headers, authorization: await ctx.bearer(admin) },
    });
    expect(uploaded.statusCode).toBe(200);
    const { jobId } = uploaded.json<{ jobId: string }>();

    // The first instance works until about a fifth of the rows are done, then its database goes away
    // (the process's death, as far as the database can tell).
    const running = ctx.app.jobs.runner.runDue().then(
      () => 'finished',
      () => 'crashed',
    );
    // Watched through a connection of its own (the app's one SQLite connection is the worker's).
    const observer = createDatabase<Database>(ctx.databaseUrl);
    const processed = async () =>
      Number(
        (
          await observer
            .selectFrom('colonial_return_row')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('job_id', '=', jobId)
            .executeTakeFirstOrThrow()
        ).count,
      );
    while ((await processed()) < ROWS / 5) await new Promise((resolve) => setTimeout(resolve, 1));
    await ctx.db.destroy();
    expect(await running).toBe('crashed');
    await observer.destroy();

    // The next instance, on the same database, once the dead worker's lease (5 minutes) has ended.
    const later = () => new Date(Date.now() + 6 * 60_000);
    const restarted = await buildApp(
      loadConfig({
        DATABASE_URL: ctx.databaseUrl,
        OUTBOX_DIR: ctx.outboxDir,
        PAYMENT_GATEWAY: 'sandbox',
        JOBS_POLL_MS: '0',
        IDENTITY_ISSUER: ctx.issuer.issuer,
        ACCESS_TOKEN_AUDIENCE: TEST_AUDIENCE,
        NODE_ENV: 'test',
      }),
      { logger: false, identity: ctx.identity, now: later },
    );
    try {
      const leased = await restarted.db
        .selectFrom('job')
        .selectAll()
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(leased.state).toBe('running');
      const done = Number(
        (
          await restarted.db
            .selectFrom('colonial_return_row')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('job_id', '=', jobId)
            .executeTakeFirstOrThrow()
        ).count,
      );
      expect(done).toBeGreaterThanOrEqual(ROWS / 5);
      expect(done).toBeLessThan(ROWS);

      await restarted.jobs.runner.runDue();
      const answer = await restarted.inject({
        method: 'GET',
        url: `/colonial/return-file/${jobId}`,
        headers: { authorization: await ctx.bearer(admin) },
      });
      expect(answer.statusCode).toBe(200);
      const results = answer.json<{ bcn: string; success: boolean; result: string }[]>();
      expect(results).toHaveLength(ROWS);
      expect(results.filter((row) => !row.success)).toEqual([]);
      expect(results[0]).toMatchObject({
        bcn: 'R-0000',
        result: 'Qualify date 04/01/2027 recorded; No Pay Reason has been processed',
      });

      // Each row's effects once: one change-log row per qualify date, one per no-pay reason.
      const log = await restarted.db.selectFrom('change_log').select(['company_id', 'description']).execute();
      expect(log.filter((entry) => entry.description.startsWith('Colonial Qualify date'))).toHaveLength(ROWS);
      expect(log.filter((entry) => entry.description.startsWith('No-pay reason'))).toHaveLength(ROWS / 10);
      expect(new Set(log.map((entry) => `${entry.company_id} ${entry.description.slice(0, 12)}`)).size).toBe(
        log.length,
      );
      const qualified = await restarted.db
        .selectFrom('company')
        .select('company_id')
        .where('colonial_qualify_date', '=', '2027-04-01')
        .execute();
      expect(qualified).toHaveLength(ROWS);
      const inactive = await restarted.db
        .selectFrom('epop_document')
        .select('document_id')
        .where('no_pay_code', '=', 'N2')
        .where('status', '=', 'Inactive')
        .execute();
      expect(inactive).toHaveLength(ROWS / 10);
      const job = await restarted.db
        .selectFrom('job')
        .selectAll()
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(job.state).toBe('done');
    } finally {
      await restarted.close();
    }
  }, 120_000);
});
