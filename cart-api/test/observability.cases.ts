import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { metricSample } from 'service-kit/server';
import { JOB_KINDS } from '../src/jobs/handlers.js';
import { enqueue } from '../src/jobs/queue.js';
import { JobRunner } from '../src/jobs/runner.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { seedParties } from './helpers/parties.js';
import { achPayment, cardPayment } from './helpers/payments.js';
import { EPOP_PRODUCT, COMMISSION_INCLUDED } from '../src/db/reference-data.js';
import { documentForm } from './helpers/documents.js';
import type { Account } from './helpers/parties.js';

const TOKEN = 'cart-api-metrics-token-0123456789';

/** cart-api's metrics, readiness and shutdown step (service-kit README "Metrics, readiness and shutdown"). */
describe('cart-api metrics, readiness and job leases at shutdown', () => {
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

  it('gives a job back at shutdown: pending and unlocked at once, for another instance', async () => {
    await ctx.db.deleteFrom('job').execute();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const silent = { info: () => undefined, error: () => undefined };
    const stuck = new JobRunner({
      db: ctx.db,
      log: silent,
      now: () => clock,
      handlers: {
        slow: async () => {
          started();
          await new Promise(() => undefined);
        },
      },
    });
    await enqueue(ctx.db, { kind: 'slow', payload: null }, clock);
    void stuck.runDue();
    await running;
    expect(await ctx.db.selectFrom('job').select(['state', 'locked_by', 'attempts']).execute()).toEqual([
      { state: 'running', locked_by: stuck.workerId, attempts: 1 },
    ]);

    expect(await stuck.shutdown(0)).toBe(1);
    expect(
      await ctx.db.selectFrom('job').select(['state', 'locked_by', 'locked_until', 'attempts']).execute(),
    ).toEqual([{ state: 'pending', locked_by: null, locked_until: null, attempts: 0 }]);
    // Another worker takes it now, not when the lease would have ended.
    const ran: string[] = [];
    const other = new JobRunner({
      db: ctx.db,
      log: silent,
      now: () => clock,
      handlers: { slow: async () => void ran.push('slow') },
    });
    expect(await other.runDue()).toBe(1);
    expect(ran).toEqual(['slow']);
    // Closing after the shutdown step does not wait for the handler that never ends.
    await stuck.stop();
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
