import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { COMMISSION_INCLUDED } from '../../src/db/reference-data.js';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../helpers/parties.js';
import { documentRow } from '../helpers/rows.js';
import { TEST_AUDIENCE } from '../helpers/test-issuer.js';

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

/**
 * Issue 21 item 6, the abuse limits (README "Limits"): before them any account could send invitations
 * without end (each one makes an account and mails text the sender wrote), repeat Send to All of a
 * document and have a receipt e-mailed again and again. Each limit is counted in the database and
 * answers `429 {message}` with `Retry-After`; the service's clock moves time, nothing sleeps.
 */
describe('abuse limits: invitations, Send to All / Send to Self, receipts e-mailed again', () => {
  let now = new Date();
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  const suite = seededTestApp(undefined, { now: () => now });

  const refusal = (answer: LightMyRequestResponse) => ({
    status: answer.statusCode,
    body: answer.json<unknown>(),
    retryAfter: answer.headers['retry-after'],
  });
  const outboxSize = async () => (await readdir(suite.ctx.outboxDir).catch(() => [])).length;

  /** A new broker account: signed in, known to identity-api, never paid for anything. */
  function freshBroker(): Account {
    const account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: account.userId,
      role: 'broker',
      firstName: 'Fresh',
      lastName: 'Broker',
    });
    return account;
  }

  const invitation = (n: number) => ({
    firstname: 'Ivy',
    lastname: `Invitee ${n}`,
    email: `ivy.${n}.${randomUUID().slice(0, 8)}@example.test`,
    companyName: `Invited Dental ${n}`,
    document: documentForm({ clientCompanyName: `Invited Dental ${n}` }),
    attributes: [COMMISSION_INCLUDED.attribute_value_id],
  });

  it("answers a fresh account's 21st invitation of the day 429 with Retry-After, making nothing; a day later, or after a first purchase, it goes", async () => {
    const broker = freshBroker();
    for (let n = 1; n <= 20; n += 1) {
      const sent = await suite.ctx.send(broker, 'POST', '/action-item/document-invite', invitation(n));
      expect([n, sent.statusCode]).toEqual([n, 200]);
    }
    const before = await snapshot(suite.ctx.db);
    const accounts = suite.ctx.identity.users.size;
    const mails = await outboxSize();

    const refused = await suite.ctx.send(broker, 'POST', '/action-item/document-invite', invitation(21));
    expect(refusal(refused)).toEqual({
      status: 429,
      body: {
        message:
          'You have sent 20 invitations in the last 24 hours, the most an account may send before its first purchase. You can send the next one in 24 hours.',
      },
      retryAfter: String(DAY_S),
    });
    // Nothing made: no account at identity-api, no document, no item, no e-mail, nothing counted.
    expect(suite.ctx.identity.users.size).toBe(accounts);
    expect(await outboxSize()).toBe(mails);
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    // An hour on, the window still holds the 20: the wait is an hour shorter.
    later(HOUR_S);
    const still = await suite.ctx.send(broker, 'POST', '/action-item/document-invite', invitation(21));
    expect([still.statusCode, still.headers['retry-after']]).toEqual([429, String(DAY_S - HOUR_S)]);
    // When the first 20 leave the window, the next invitation goes.
    later(DAY_S - HOUR_S);
    const nextDay = await suite.ctx.send(broker, 'POST', '/action-item/document-invite', invitation(22));
    expect(nextDay.statusCode).toBe(200);

    // Another fresh account at its limit: a first paid order raises it (200 a day), the 20 still counted.
    const buyer = freshBroker();
    for (let n = 1; n <= 20; n += 1) {
      await suite.ctx.send(buyer, 'POST', '/action-item/document-invite', invitation(100 + n));
    }
    const capped = await suite.ctx.send(buyer, 'POST', '/action-item/document-invite', invitation(121));
    expect(capped.statusCode).toBe(429);
    await suite.ctx.db
      .insertInto('orders')
      .values({
        order_id: randomUUID(),
        order_number: `8${randomUUID().slice(0, 5)}`,
        user_id: buyer.userId,
        ordered_by: 'Fresh Broker',
        ordered_by_email: 'fresh@example.test',
        transaction_id: 'TXN-fresh',
        payment_method: 'card',
        total_cents: 30_000,
        is_new: 1,
        paid_at: now.toISOString(),
        receipt: null,
        created_at: now.toISOString(),
      })
      .execute();
    const afterPurchase = await suite.ctx.send(
      buyer,
      'POST',
      '/action-item/document-invite',
      invitation(122),
    );
    expect(afterPurchase.statusCode).toBe(200);
  });

  async function paidDocument(owner: string, companyId: string) {
    const form = documentForm({
      clientCompanyName: 'Harbor Lights Cafe',
      primaryEmail: 'owner@harbor.test',
      alternateEmail1: 'books@harbor.test',
    });
    const row = documentRow(owner, companyId, { status: 'Paid', json: JSON.stringify(form) });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }

  it('answers the 4th Send to All of a document within an hour 429 with Retry-After, queueing nothing; Send to Self has its own count', async () => {
    const { accounts, records } = suite.parties;
    const documentId = await paidDocument(records.brokerA.userId, records.brokerA.companyId);
    const sendAll = (account: Account) =>
      suite.ctx.send(account, 'POST', `/epop-document/${documentId}/email/send-all`, {});
    // The limit is the document's, whoever asks: the broker twice, then compliance.
    for (const account of [accounts.brokerA, accounts.brokerA, accounts.compliance]) {
      expect((await sendAll(account)).statusCode).toBe(200);
      later(60);
    }
    const before = await snapshot(suite.ctx.db);
    expect(refusal(await sendAll(accounts.brokerA))).toEqual({
      status: 429,
      body: {
        message:
          'This document has been e-mailed to its addresses 3 times in the last hour. You can send it again in 57 minutes.',
      },
      // The first send leaves the window an hour after it was asked, 3 minutes ago.
      retryAfter: String(HOUR_S - 3 * 60),
    });
    // No job queued, no change logged.
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    // Send to Self is counted apart (per document and caller): it still goes, three times.
    for (let n = 1; n <= 3; n += 1) {
      const self = await suite.ctx.send(
        accounts.brokerA,
        'POST',
        `/epop-document/${documentId}/email/send-self`,
        {},
      );
      expect([n, self.statusCode]).toEqual([n, 200]);
    }
    const fourthSelf = await suite.ctx.send(
      accounts.brokerA,
      'POST',
      `/epop-document/${documentId}/email/send-self`,
      {},
    );
    expect([fourthSelf.statusCode, fourthSelf.json()]).toEqual([
      429,
      {
        message:
          'You have e-mailed this document to yourself 3 times in the last hour. You can send it again in 60 minutes.',
      },
    ]);

    // When the first Send to All leaves the window, the next one goes.
    later(HOUR_S - 3 * 60);
    expect((await sendAll(accounts.brokerA)).statusCode).toBe(200);
  });

  it('lets exactly 3 of 12 Send to All at once through, from two instances sharing the database', async () => {
    const { accounts, records } = suite.parties;
    const documentId = await paidDocument(records.brokerB.userId, records.brokerB.companyId);
    // A second cart-api on the same database. On SQLite both instances would share this one process,
    // whose synchronous driver cannot wait for the other connection's write lock: there the
    // instance's own requests run at once (PostgreSQL, as in production, runs both).
    const second =
      process.env.TEST_DB === 'postgres'
        ? await buildApp(
            loadConfig({
              DATABASE_URL: suite.ctx.databaseUrl,
              OUTBOX_DIR: suite.ctx.outboxDir,
              JOBS_POLL_MS: '0',
              NODE_ENV: 'test',
              PAYMENT_GATEWAY: 'sandbox',
              IDENTITY_ISSUER: suite.ctx.issuer.issuer,
              ACCESS_TOKEN_AUDIENCE: TEST_AUDIENCE,
            }),
            { logger: false, identity: suite.ctx.identity, now: () => now },
          )
        : suite.ctx.app;
    try {
      const authorization = await suite.ctx.bearer(accounts.brokerB);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          (n % 2 === 0 ? suite.ctx.app : second).inject({
            method: 'POST',
            url: `/epop-document/${documentId}/email/send-all`,
            headers: { authorization },
            payload: {},
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(429)]);
      const jobs = await suite.ctx.db
        .selectFrom('job')
        .select('job_id')
        .where('kind', '=', 'send-documents')
        .where('payload', 'like', `%${documentId}%`)
        .execute();
      expect(jobs).toHaveLength(3);
    } finally {
      if (second !== suite.ctx.app) await second.close();
    }
  });

  it('answers the 6th Email Purchaser of an order within an hour 429 with Retry-After, sending nothing', async () => {
    const { accounts, records } = suite.parties;
    const orderId = records.employerA.orderId;
    const emailPurchaser = () =>
      suite.ctx.send(accounts.compliance, 'POST', `/order/${orderId}/email-purchaser`, {});
    for (let n = 1; n <= 5; n += 1) {
      const sent = await emailPurchaser();
      expect([n, sent.statusCode]).toEqual([n, 200]);
    }
    const mails = await outboxSize();
    later(10 * 60);
    expect(refusal(await emailPurchaser())).toEqual({
      status: 429,
      body: {
        message:
          'This receipt has been e-mailed 5 times in the last hour. You can send it again in 50 minutes.',
      },
      retryAfter: String(HOUR_S - 10 * 60),
    });
    expect(await outboxSize()).toBe(mails);
    // Another order's receipt has its own count.
    const other = await suite.ctx.send(
      accounts.compliance,
      'POST',
      `/order/${records.employerB.orderId}/email-purchaser`,
      {},
    );
    expect(other.statusCode).toBe(200);
    later(HOUR_S - 10 * 60);
    expect((await emailPurchaser()).statusCode).toBe(200);
  });
});
