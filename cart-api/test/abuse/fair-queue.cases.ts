import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { migratedDatabase } from '../helpers/database.js';
import type { Database } from '../../src/db/schema.js';
import { claimDue, enqueue, enqueueUnique } from '../../src/jobs/queue.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp, type Account } from '../helpers/parties.js';
import { buyNewDocument } from '../helpers/payments.js';
import { documentRow } from '../helpers/rows.js';

const LEASE_MS = 5 * 60_000;

/**
 * Issue 21 item 5, "Jobs that fail for good": the queue is shared by every user, so one user's flood
 * (500 Send to All) must not hold up another user's receipt. Each job names the user it acts for, and
 * the worker serves the users in turn, not first come first served.
 */
describe('one user’s flood of jobs and another user’s receipt', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Kysely<Database>;
  const silent = { info: () => undefined, error: () => undefined };
  const clock = new Date('2026-11-25T12:00:00.000Z');
  const userA = 'user-a-floods';

  beforeAll(async () => {
    database = await migratedDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  /**
   * Runs every due job, `concurrency` claimed at a time, and answers whom each served, in the order
   * claimed (the runner starts a claim's jobs in its order): the first claim is the first `concurrency`.
   */
  async function served(concurrency: number): Promise<string[]> {
    const order: string[] = [];
    const record = async (payload: unknown) => {
      order.push((payload as { who: string }).who);
    };
    const worker = new JobRunner({
      db,
      handlers: { flood: record, 'send-receipt': record, 'send-email': record },
      log: silent,
      now: () => clock,
      leaseMs: LEASE_MS,
      concurrency,
    });
    await worker.runDue();
    return order;
  }

  /** Whom the next `claims` claims of `limit` jobs serve, in order, each claim's jobs then done. */
  async function nextClaims(limit: number, claims: number): Promise<string[]> {
    const order: string[] = [];
    for (let n = 0; n < claims; n += 1) {
      const jobs = await claimDue(db, 'worker', clock, LEASE_MS, limit);
      order.push(...jobs.map((job) => (JSON.parse(job.payload) as { who: string }).who));
      await db
        .updateTable('job')
        .set({ state: 'done', locked_by: null, locked_until: null })
        .where('state', '=', 'running')
        .execute();
    }
    return order;
  }

  /** `count` jobs of one owner, each enqueued as its own request would (one commit: a quicker test). */
  const flood = (ownerId: string | null, who: string, count: number) =>
    db.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n += 1) {
        await enqueue(trx, { kind: 'flood', payload: { who }, ownerId }, clock);
      }
    });

  it('claims B’s receipt in the first claim after A’s 500 queued jobs', async () => {
    await flood(userA, 'A', 500);
    await enqueue(db, { kind: 'send-receipt', payload: { who: 'B' }, ownerId: 'user-b' }, clock);
    const order = await served(8);
    expect(order).toHaveLength(501);
    expect(order.slice(0, 8)).toContain('B');
  });

  it('with one job at a time too: B is second, after the job at the head of the line', async () => {
    await flood(userA, 'A', 500);
    await enqueue(db, { kind: 'send-receipt', payload: { who: 'B' }, ownerId: 'user-b' }, clock);
    expect(await nextClaims(1, 2)).toContain('B');
    // The rest is A's.
    expect(new Set(await served(8))).toEqual(new Set(['A']));
  });

  it('serves the floods in turn, and B’s receipt arriving later goes next', async () => {
    await flood(userA, 'A', 200);
    await flood('user-c', 'C', 200);
    // The daily scan's reminder e-mails: the service's own jobs (no user), one more place in the round.
    await enqueueUnique(
      db,
      Array.from({ length: 400 }, (_, n) => ({
        kind: 'send-email',
        payload: { who: 'system' },
        uniqueKey: `reminder:${n}`,
      })),
      clock,
    );
    // The worker has done some of them: a third each.
    const first = await nextClaims(8, 6);
    expect(first.filter((who) => who === 'A')).toHaveLength(16);
    expect(first.filter((who) => who === 'C')).toHaveLength(16);
    await enqueue(db, { kind: 'send-receipt', payload: { who: 'B' }, ownerId: 'user-b' }, clock);
    const next = await nextClaims(8, 19);
    expect(next.slice(0, 8)).toContain('B');
    // The three floods go on in turn: a third each of the next 150 (50 rounds).
    const rounds = next.filter((who) => who !== 'B').slice(0, 150);
    for (const who of ['A', 'C', 'system']) {
      expect(rounds.filter((name) => name === who)).toHaveLength(50);
    }
  });
});

/**
 * The same through the routes: Send to All of one broker, sixty times, then another user's
 * purchase. The jobs carry who asked (the Send to All's caller, the purchaser), and the receipt is
 * among the first jobs the worker claims.
 */
describe('Send to All, many times, and another user’s receipt (through the routes)', () => {
  const suite = seededTestApp();

  it('claims the receipt in the first claim, each job owned by the user who asked for it', async () => {
    const { brokerA } = suite.parties.accounts;
    const { records } = suite.parties;
    // Sixty of the broker's paid documents, each sent to all once (a document's Send to All is
    // limited, README "Limits": a flood is many documents).
    const rows = Array.from({ length: 60 }, (_, n) =>
      documentRow(records.brokerA.userId, records.brokerA.companyId, {
        status: 'Paid',
        json: JSON.stringify(
          documentForm({ clientCompanyName: `Flood Co ${n}`, primaryEmail: `owner${n}@flood.test` }),
        ),
      }),
    );
    await suite.ctx.db.insertInto('epop_document').values(rows).execute();
    for (const row of rows) {
      const sent = await suite.ctx.send(
        brokerA,
        'POST',
        `/epop-document/${row.document_id}/email/send-all`,
        {},
      );
      expect(sent.statusCode).toBe(200);
    }

    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({ userId: buyer.userId, email: 'receipt@buyer.test', role: 'broker' });
    const paid = await buyNewDocument(suite.ctx, buyer, 'Waiting Receipt Co');
    expect(paid.statusCode).toBe(200);

    const owners = await suite.ctx.db
      .selectFrom('job')
      .select(['kind', 'owner_id'])
      .where('state', '=', 'pending')
      .execute();
    expect(owners.filter((job) => job.kind === 'send-documents')).toEqual(
      Array.from({ length: 60 }, () => ({ kind: 'send-documents', owner_id: brokerA.userId })),
    );
    expect(owners.filter((job) => job.kind === 'send-receipt')).toEqual([
      { kind: 'send-receipt', owner_id: buyer.userId },
    ]);

    // The worker's first claim (8 at a time) holds the receipt.
    const claimed = await claimDue(suite.ctx.db, 'worker', new Date(), LEASE_MS, 8);
    expect(claimed.map((job) => job.kind)).toContain('send-receipt');
  });
});
