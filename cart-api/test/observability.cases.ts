import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { metricSample } from 'service-kit/server';
import { JOB_KINDS } from '../src/jobs/handlers.js';
import { enqueue } from '../src/jobs/queue.js';
import { JobRunner, type JobHandler, type JobRunnerOptions } from '../src/jobs/runner.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { seedParties } from './helpers/parties.js';
import { achPayment, cardPayment } from './helpers/payments.js';
import { EPOP_PRODUCT, COMMISSION_INCLUDED } from '../src/db/reference-data.js';
import { documentForm } from './helpers/documents.js';
import type { Account } from './helpers/parties.js';

const TOKEN = 'cart-api-metrics-token-0123456789';

/** cart-api's metrics and readiness (service-kit README "Metrics, readiness and shutdown"). */
describe('cart-api metrics and readiness', () => {
  let ctx: TestContext;
  let url: string;
  const clock = new Date('2026-11-25T12:00:00.000Z');

  beforeAll(async () => {
    ctx = await buildTestApp({ METRICS_TOKEN: TOKEN }, undefined, { now: () => clock });
    await seedParties(ctx.db);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const scrape = async () => {
    const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    return answer.text();
  };

  it('times requests by route pattern, never by the id in the path, behind the token', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const broker: Account = { userId: randomUUID(), roles: ['broker'] };
    const orderId = randomUUID();
    const answer = await fetch(`${url}/order/${orderId}/receipt`, {
      headers: { authorization: await ctx.bearer(broker) },
    });
    expect(answer.status).toBe(404);
    const text = await scrape();
    expect(
      metricSample(text, 'http_request_duration_seconds_count', {
        service: 'cart-api',
        route: '/order/:orderId/receipt',
        method: 'GET',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain(orderId);
  });

  it('counts card and ACH payments by outcome as purchases happen', async () => {
    const buy = async (method: 'card' | 'ach', payment: object) => {
      const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
      ctx.identity.add({ userId: buyer.userId, email: 'buyer@example.com', role: 'broker' });
      await ctx.send(buyer, 'POST', '/shopping-cart', {
        productId: EPOP_PRODUCT.product_id,
        quantity: 1,
        attributes: [COMMISSION_INCLUDED.attribute_value_id],
        json: documentForm({ clientCompanyName: `Metrics ${randomUUID()}` }),
        userId: buyer.userId,
      });
      return ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/${method}`, payment);
    };
    const count = async (method: string, outcome: string) =>
      metricSample(await scrape(), 'payments_total', { method, outcome }) ?? 0;

    expect((await buy('card', cardPayment())).statusCode).toBe(200);
    // A decline is an answer of the purchase, not an error: 200 {success: false}.
    const declined = await buy('card', cardPayment({ zip: '46282' }));
    expect(declined.json()).toMatchObject({ success: false, orderId: null });
    expect((await buy('ach', achPayment())).statusCode).toBe(200);
    expect(await count('card', 'approved')).toBe(1);
    expect(await count('card', 'declined')).toBe(1);
    // The sandbox keeps an approved debit pending until it settles.
    expect(await count('ach', 'pending')).toBe(1);
  });

  it('shows the queue by kind, counts failed jobs and e-mails sent', async () => {
    // A send-email job due five minutes ago, waiting: the worker is off in the tests (JOBS_POLL_MS=0).
    await ctx.db.deleteFrom('job').execute();
    await enqueue(
      ctx.db,
      {
        kind: JOB_KINDS.sendEmail,
        payload: { to: 'ann@example.com', subject: 'Hello', text: 'Hi', attachments: [] },
        dueAt: new Date(clock.getTime() - 5 * 60_000),
        maxAttempts: 1,
      },
      clock,
    );
    // A return file job without its upload fails for good at once.
    await enqueue(ctx.db, { kind: JOB_KINDS.processReturnFile, payload: {}, maxAttempts: 3 }, clock);
    let text = await scrape();
    expect(metricSample(text, 'jobs_due', { kind: JOB_KINDS.sendEmail })).toBe(1);
    expect(metricSample(text, 'jobs_due', { kind: JOB_KINDS.processReturnFile })).toBe(1);
    expect(metricSample(text, 'jobs_oldest_due_age_seconds', { kind: JOB_KINDS.sendEmail })).toBe(300);
    // Every kind is there, none other: a bounded label.
    expect(metricSample(text, 'jobs_due', { kind: JOB_KINDS.scanReminders })).toBe(0);
    expect(text.match(/^jobs_due\{/gm)).toHaveLength(Object.keys(JOB_KINDS).length);
    const sentBefore = metricSample(text, 'mail_messages_total', { outcome: 'sent' }) ?? 0;

    expect(await ctx.app.jobs.runner.runDue()).toBe(2);
    text = await scrape();
    expect(metricSample(text, 'jobs_due', { kind: JOB_KINDS.sendEmail })).toBe(0);
    expect(metricSample(text, 'jobs_oldest_due_age_seconds', { kind: JOB_KINDS.sendEmail })).toBe(0);
    expect(
      metricSample(text, 'jobs_failed_total', { kind: JOB_KINDS.processReturnFile, final: 'true' }),
    ).toBe(1);
    expect(metricSample(text, 'jobs_failed_total', { kind: JOB_KINDS.sendEmail })).toBeUndefined();
    expect(metricSample(text, 'mail_messages_total', { outcome: 'sent' })).toBe(sentBefore + 1);
  });

  it('is ready while its database answers, and not once it is closed', async () => {
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    // Liveness keeps its contract.
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });

    await ctx.db.destroy();
    const notReady = await fetch(`${url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'not ready', checks: { database: 'failed' } });
  });
});

/**
 * The jobs at SIGTERM (README "Jobs"): the drain stops the claims at once, the shutdown step waits for
 * the jobs under way, and a job is never handed back while its handler runs (another instance would
 * run it at the same time).
 */
describe('cart-api jobs at SIGTERM: no claim once draining, no job run twice', () => {
  let ctx: TestContext;
  const clock = new Date('2026-11-25T12:00:00.000Z');
  const LEASE_MS = 5 * 60_000;
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const worker = (
    handlers: Record<string, JobHandler>,
    options: { now?: Date; log?: JobRunnerOptions['log'] } = {},
  ) => new JobRunner({ db: ctx.db, log: options.log ?? silent, now: () => options.now ?? clock, handlers });
  /** A handler that runs until the test lets it go, counting its runs by job. */
  const heldHandler = () => {
    const runs: string[] = [];
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler: JobHandler = async (_payload, { job }) => {
      runs.push(job.job_id);
      started();
      await gate;
      return { ok: true };
    };
    return { runs, running, release, handler };
  };
  const row = (jobId: string) =>
    ctx.db
      .selectFrom('job')
      .select(['state', 'locked_by', 'locked_until', 'attempts', 'abandoned'])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
  /** A job of `kind` due now; answers its id. */
  const enqueueSlow = async (kind = 'slow') => {
    const uniqueKey = randomUUID();
    await enqueue(ctx.db, { kind, payload: null, uniqueKey }, clock);
    const job = await ctx.db
      .selectFrom('job')
      .select('job_id')
      .where('unique_key', '=', uniqueKey)
      .executeTakeFirstOrThrow();
    return job.job_id;
  };

  beforeAll(async () => {
    // A background worker that polls (not the tests' default), no reminder scan of its own.
    ctx = await buildTestApp({ JOBS_POLL_MS: '60000', REMINDERS_SCHEDULE: 'off' }, undefined, {
      now: () => clock,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("stops the service's worker claiming as soon as the drain starts", async () => {
    await ctx.db.deleteFrom('job').execute();
    // What serve() does first on SIGTERM; the requests in flight have yet to drain.
    ctx.app.lifecycle.drain();
    await enqueue(
      ctx.db,
      {
        kind: JOB_KINDS.sendEmail,
        payload: { to: 'ann@example.com', subject: 'Hi', text: 'Hi', attachments: [] },
      },
      clock,
    );
    // A request enqueueing a job wakes the worker: it claims nothing.
    ctx.app.jobs.wake();
    expect(await ctx.app.jobs.runner.runDue()).toBe(0);
    // The shutdown step has nothing under way to wait for.
    await ctx.app.lifecycle.shutdown(1000);
    expect(
      await ctx.db.selectFrom('job').select(['kind', 'state', 'locked_by', 'attempts']).execute(),
    ).toEqual([{ kind: JOB_KINDS.sendEmail, state: 'pending', locked_by: null, attempts: 0 }]);
  });

  it('lets a job under way at SIGTERM finish, once, while no other worker can take it', async () => {
    await ctx.db.deleteFrom('job').execute();
    const held = heldHandler();
    const stopping = worker({ slow: held.handler });
    const first = await enqueueSlow();
    const pass = stopping.runDue();
    await held.running;

    // The drain: no new claim, even from the pass under way or a wake.
    stopping.stopClaiming();
    const second = await enqueueSlow();
    stopping.wake();
    expect(await row(second)).toMatchObject({ state: 'pending', locked_by: null, attempts: 0 });

    // Another instance runs the new job, not the one under way here.
    const elsewhere: string[] = [];
    const other = worker({ slow: async (_payload, { job }) => void elsewhere.push(job.job_id) });
    expect(await other.runDue()).toBe(1);
    expect(elsewhere).toEqual([second]);
    expect(await row(first)).toMatchObject({ state: 'running', locked_by: stopping.workerId, attempts: 1 });

    // The shutdown step waits for it; it ends done, its handler having run once.
    const shutdown = stopping.shutdown(60_000);
    held.release();
    expect(await shutdown).toBe(0);
    expect(await pass).toBe(1);
    expect(held.runs).toEqual([first]);
    expect(await row(first)).toEqual({
      state: 'done',
      locked_by: null,
      locked_until: null,
      attempts: 1,
      abandoned: 0,
    });
    expect(await other.runDue()).toBe(0);
    expect(elsewhere).toEqual([second]);
  });

  it('leaves a job whose handler overruns the bound running, with its lease, until the lease ends', async () => {
    await ctx.db.deleteFrom('job').execute();
    const held = heldHandler();
    const warnings: object[] = [];
    const log = { ...silent, warn: (object: object) => void warnings.push(object) };
    const stopping = worker({ slow: held.handler }, { log });
    const jobId = await enqueueSlow();
    const pass = stopping.runDue();
    await held.running;

    expect(await stopping.shutdown(0)).toBe(1);
    const leaseEndsAt = new Date(clock.getTime() + LEASE_MS).toISOString();
    expect(await row(jobId)).toEqual({
      state: 'running',
      locked_by: stopping.workerId,
      locked_until: leaseEndsAt,
      attempts: 1,
      abandoned: 0,
    });
    expect(warnings).toEqual([{ running: 1, jobIds: [jobId], leaseEndsAt, workerId: stopping.workerId }]);
    // Closing after the shutdown step does not wait for the handler again.
    await stopping.stop();

    // Nobody else runs it while its lease lasts…
    const takeover = heldHandler();
    expect(await worker({ slow: takeover.handler }).runDue()).toBe(0);
    // …and another instance takes it over once the lease has ended (the at-least-once fallback).
    takeover.release();
    const later = worker({ slow: takeover.handler }, { now: new Date(clock.getTime() + LEASE_MS + 1000) });
    expect(await later.runDue()).toBe(1);
    expect(takeover.runs).toEqual([jobId]);
    expect(await row(jobId)).toMatchObject({ state: 'done', attempts: 2, abandoned: 1 });

    // The overrunning handler ends at last: its late completion changes nothing.
    held.release();
    expect(await pass).toBe(1);
    expect(await row(jobId)).toMatchObject({ state: 'done', attempts: 2, abandoned: 1, locked_by: null });
  });
});
