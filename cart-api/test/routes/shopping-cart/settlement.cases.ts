import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { readableMail } from 'shared-domain/testing';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { jobHandlers } from '../../../src/jobs/handlers.js';
import { enqueue } from '../../../src/jobs/queue.js';
import { JobRunner } from '../../../src/jobs/runner.js';
import {
  ACH_RETURN_WINDOW_MS,
  RETURN_CHECK_EVERY_MS as ACH_RETURN_CHECK_EVERY_MS,
  SETTLEMENT_GIVE_UP_MS,
  settlementJob,
} from '../../../src/domain/purchase/settlement.js';
import { DEFAULT_SANDBOX_SETTLE_MS } from '../../../src/payments/sandbox.js';
import { documentForm, planYearAfter } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { achPayment, brokerWithCart, cardPayment } from '../../helpers/payments.js';
import { companyRow } from '../../helpers/rows.js';

/**
 * ACH as it really settles (issue 23 item 6; README "Payments"): the default sandbox approves a debit
 * pending and settles it PAYMENT_SANDBOX_SETTLE_MS (2 minutes) later on the service's clock, which the
 * tests move instead of waiting; accounts ending in 1111 come back. The settlement job (`run-jobs`'
 * runner here) makes the documents Paid and sends the receipt, or Unpaid with an item to pay again.
 */
let clock = new Date();
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
/** Past the sandbox's settlement delay and the job's next question (1 minute after the last). */
const pastTheDelay = () => later(DEFAULT_SANDBOX_SETTLE_MS + 1000);

describe('an ACH purchase as it settles', () => {
  const suite = seededTestApp(undefined, { now: () => clock });
  const runJobs = () => suite.ctx.app.jobs.runner.runDue();

  async function buyerWithCart(company: string) {
    return brokerWithCart(suite.ctx, company, planYearAfter(clock));
  }

  async function payByAch(buyer: Account, accountNumber = '123456789') {
    const paid = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/ach`,
      achPayment({ accountNumber }),
    );
    expect(paid.statusCode).toBe(200);
    const answer = paid.json<{ success: boolean; pending?: boolean; orderId: string; orderNumber: string }>();
    expect(answer).toMatchObject({ success: true, pending: true });
    const { document_id: documentId } = await suite.ctx.db
      .selectFrom('order_item')
      .select('document_id')
      .where('order_id', '=', answer.orderId)
      .executeTakeFirstOrThrow();
    return { ...answer, documentId: documentId! };
  }

  /** The e-mails sent so far (decoded), with their subjects. */
  async function mails(): Promise<{ subject: string; text: string }[]> {
    const files = (await readdir(suite.ctx.outboxDir).catch(() => [])).sort();
    return Promise.all(
      files.map(async (file) => {
        const parts = await readableMail(await readFile(join(suite.ctx.outboxDir, file)), file);
        const subject = /^subject: (.*)$/im.exec(parts[0]!.text)?.[1] ?? '';
        return { subject, text: parts.map((part) => part.text).join('\n') };
      }),
    );
  }
  const mailsAbout = async (text: string) => (await mails()).filter((mail) => mail.subject.includes(text));

  const documentOf = async (account: Account, documentId: string) =>
    (await suite.ctx.send(account, 'GET', `/epop-document/${documentId}`)).json<{
      status: string;
      isReadOnly: boolean;
    }>();
  const orderRow = (orderId: string) =>
    suite.ctx.db
      .selectFrom('orders')
      .select(['settlement', 'settlement_text', 'paid_at'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  const receiptOf = async (account: Account, orderId: string) =>
    (await suite.ctx.send(account, 'GET', `/order/${orderId}/receipt`)).json<{ receipt: string }>().receipt;
  const pendingItems = async (account: Account) => {
    const groups = (await suite.ctx.send(account, 'GET', `/action-item/${account.userId}/pending`)).json<
      Record<string, { id: string; itemType: string; description: string; json: string }[]>
    >();
    return Object.values(groups).flatMap((group) => (Array.isArray(group) ? group : []));
  };

  it('leaves the documents Processing and the receipt unsent, then makes them Paid and e-mails the receipt once', async () => {
    const buyer = await buyerWithCart('Settling Orchard');
    const { orderId, orderNumber, documentId } = await payByAch(buyer);

    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Processing', isReadOnly: true });
    expect(await orderRow(orderId)).toEqual({ settlement: 'pending', settlement_text: null, paid_at: null });
    expect(await receiptOf(buyer, orderId)).toContain('Processing: the bank payment has not settled yet');
    // Asked at once and a minute later: still pending, nothing sent.
    await runJobs();
    later(60_000);
    await runJobs();
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Processing' });
    expect(await mailsAbout(`receipt, order ${orderNumber}`)).toEqual([]);

    pastTheDelay();
    await runJobs();
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Paid', isReadOnly: false });
    expect(await orderRow(orderId)).toEqual({
      settlement: 'settled',
      settlement_text: null,
      paid_at: clock.toISOString(),
    });
    expect(await mailsAbout(`receipt, order ${orderNumber}`)).toHaveLength(1);
    expect(await receiptOf(buyer, orderId)).not.toContain('Payment Status');
    // Nothing more to ask, nothing sent twice.
    later(60 * 60_000);
    expect(await runJobs()).toBe(0);
    expect(await mailsAbout(`receipt, order ${orderNumber}`)).toHaveLength(1);
  });

  it('returns an account ending in 1111: the documents Unpaid, the order returned, an item and an e-mail to pay again', async () => {
    const buyer = await buyerWithCart('Returned Orchard');
    const { orderId, orderNumber, documentId } = await payByAch(buyer, '9876541111');
    await runJobs();
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Processing' });
    expect(await pendingItems(buyer)).toEqual([]);

    pastTheDelay();
    await runJobs();
    const reason = 'The bank returned the debit: the account is closed (ACH return code R02).';
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Unpaid' });
    expect(await orderRow(orderId)).toEqual({
      settlement: 'returned',
      settlement_text: reason,
      paid_at: null,
    });
    expect(
      await suite.ctx.db
        .selectFrom('order_item')
        .select('returned')
        .where('order_id', '=', orderId)
        .execute(),
    ).toEqual([{ returned: 1 }]);
    expect(await receiptOf(buyer, orderId)).toContain(`Returned: ${reason}`);
    const [item, ...others] = await pendingItems(buyer);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      itemType: 'unpaid-pop-action-item',
      description: `Pay again for the POP document of Returned Orchard: the payment of order ${orderNumber} was returned`,
    });
    expect(JSON.parse(item!.json)).toMatchObject({ DocumentId: documentId });
    const [told, ...again] = await mailsAbout(`Your payment was returned: order ${orderNumber}`);
    expect(again).toEqual([]);
    expect(told!.text).toContain('Your bank returned the payment of $300.00');
    expect(told!.text).toContain('Checking account ending in 1111');
    expect(told!.text).toContain(reason);
    expect(told!.text).toContain('Returned Orchard');
    expect(told!.text).not.toContain('9876541111');
    expect(await mailsAbout(`receipt, order ${orderNumber}`)).toEqual([]);

    // Paid again from the item, by card: Paid at once, the item done.
    const added = await suite.ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      actionItemId: item!.id,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: 'Returned Orchard' }),
      userId: buyer.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/card`,
      cardPayment(),
    );
    expect(paid.json()).toMatchObject({ success: true });
    expect(paid.json()).not.toHaveProperty('pending');
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Paid' });
    expect(await pendingItems(buyer)).toEqual([]);
  });

  it('is not bought twice while it settles: another buyer of the same document is refused', async () => {
    const { employerA } = suite.parties.accounts;
    const { companyId, documentId } = suite.parties.records.employerA;
    // Compliance deactivated employerA's document, allowing repayment: each of its client's users
    // gets an item to buy it again, and two of them put it in their carts.
    const colleague: Account = { userId: randomUUID(), roles: ['employer'] };
    suite.ctx.identity.add({ userId: colleague.userId, role: 'employer' });
    await suite.ctx.db
      .insertInto('company_user')
      .values({ company_id: companyId, user_id: colleague.userId, created_at: clock.toISOString() })
      .execute();
    const deactivated = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'POST',
      `/epop-document/${documentId}/deactivate`,
      { reason: 'Bounced check', allowRepayment: true },
    );
    expect(deactivated.statusCode).toBe(200);
    for (const payer of [employerA, colleague]) {
      // Their own cart item for another document, from the fixtures, is out of the way.
      await suite.ctx.db.deleteFrom('cart_item').where('user_id', '=', payer.userId).execute();
      const [item] = (await pendingItems(payer)).filter((open) => open.itemType === 'unpaid-pop-action-item');
      const added = await suite.ctx.send(payer, 'POST', '/shopping-cart', {
        productId: EPOP_PRODUCT.product_id,
        quantity: 1,
        actionItemId: item!.id,
        attributes: [],
        // Its plan year as stored: a document bought once keeps it.
        json: documentForm({
          clientCompanyName: 'employerA Company',
          currentPlanYearStartDate: '2027-01-01',
          currentPlanYearEndDate: '2027-12-31',
        }),
        userId: payer.userId,
      });
      expect(added.statusCode).toBe(200);
    }
    await suite.ctx.db.deleteFrom('cart_discount').where('user_id', '=', employerA.userId).execute();
    await payByAch(employerA);
    expect(await documentOf(employerA, documentId)).toMatchObject({ status: 'Processing' });

    const refused = await suite.ctx.send(
      colleague,
      'POST',
      `/shopping-cart/${colleague.userId}/purchase/card`,
      cardPayment(),
    );
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { type: 'validation', errors: [expect.stringContaining('has been paid already')] },
    ]);
    expect(await pendingItems(colleague)).toEqual([]);
  });

  it('settles once when two workers run the order’s questions at the same time', async () => {
    const buyer = await buyerWithCart('Twice Asked Orchard');
    const { orderId, orderNumber, documentId, ...rest } = await payByAch(buyer);
    expect(rest).toMatchObject({ pending: true });
    pastTheDelay();
    // A second question due as well (a chain queued twice): each worker claims one.
    await enqueue(suite.ctx.db, settlementJob(orderId, buyer.userId, 99, clock), clock);
    const { app } = suite.ctx;
    const handlers = jobHandlers({
      db: app.db,
      mailer: app.mailer,
      identity: app.identity,
      appUrl: 'http://localhost:3000',
      settlement: { payments: app.payments, checkEveryMs: 60_000 },
    });
    const worker = () =>
      new JobRunner({
        db: app.db,
        handlers,
        log: { info() {}, error() {} },
        now: () => clock,
        concurrency: 1,
      });
    await Promise.all([worker().runDue(), worker().runDue()]);

    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Paid' });
    const settledLines = await suite.ctx.db
      .selectFrom('change_log')
      .select('description')
      .where('document_id', '=', documentId)
      .where('description', 'like', '%has settled%')
      .execute();
    expect(settledLines).toHaveLength(1);
    expect(await mailsAbout(`receipt, order ${orderNumber}`)).toHaveLength(1);
    const questions = await suite.ctx.db
      .selectFrom('job')
      .select(['state', 'result', 'unique_key'])
      .where('kind', '=', 'settle-payment')
      .where('payload', 'like', `%${orderId}%`)
      .execute();
    const [watch, ...others] = questions.filter((job) => job.state === 'pending');
    expect(others).toEqual([]);
    // One question of the return window, queued by the settlement alone.
    expect(watch!.unique_key).toMatch(new RegExp(`^settle-payment:${orderId}:returns:\\d+$`));
    const answered = questions.filter((job) => job.state === 'done');
    expect(answered.map((job) => JSON.parse(job.result!).outcome).sort()).toEqual([
      'done already',
      'settled',
    ]);
  });

  /** The settle-payment jobs of an order: state, last error, result. */
  const questionsOf = (orderId: string) =>
    suite.ctx.db
      .selectFrom('job')
      .select(['state', 'last_error', 'result', 'due_at'])
      .where('kind', '=', 'settle-payment')
      .where('payload', 'like', `%${orderId}%`)
      .orderBy('created_at')
      .execute();
  /** What compliance reads of a promo code. */
  const codeUsage = async (discountId: string) =>
    (await suite.ctx.send(suite.parties.accounts.compliance, 'GET', `/discount/${discountId}`)).json<{
      usage: number;
    }>().usage;

  it("gives the promo codes' usage back when the payment comes back, once", async () => {
    const buyer = await buyerWithCart('Coded Orchard');
    const code = `R${randomUUID().slice(0, 7)}`;
    const created = await suite.ctx.send(suite.parties.accounts.compliance, 'POST', '/discount', {
      code,
      percentage: 10,
      amount: null,
      maxDollarAmount: null,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      productId: null,
      type: 'Total',
    });
    const { id: discountId } = created.json<{ id: string }>();
    const applied = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/promo-code/${code}`,
      {},
    );
    expect(applied.statusCode).toBe(200);
    const { orderId } = await payByAch(buyer, '9876541111');
    expect(await codeUsage(discountId)).toBe(1);

    pastTheDelay();
    await runJobs();
    expect(await orderRow(orderId)).toMatchObject({ settlement: 'returned' });
    expect(await codeUsage(discountId)).toBe(0);
    // Nothing asks again, nothing is given back twice.
    later(2 * 24 * 60 * 60_000);
    await runJobs();
    expect((await questionsOf(orderId)).filter((job) => job.state !== 'done')).toEqual([]);
    expect(await codeUsage(discountId)).toBe(0);
  });

  it('watches a settled debit once a day for its return window: a return then makes the documents Unpaid again, once', async () => {
    const buyer = await buyerWithCart('Late Return Orchard');
    const { orderId, orderNumber, documentId } = await payByAch(buyer, '9876542222');
    pastTheDelay();
    await runJobs();
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Paid' });
    const paidAt = clock.toISOString();
    expect(await orderRow(orderId)).toEqual({
      settlement: 'settled',
      settlement_text: null,
      paid_at: paidAt,
    });
    expect(await mailsAbout(`receipt, order ${orderNumber}`)).toHaveLength(1);
    // Asked again a day later, not before.
    const watch = (await questionsOf(orderId)).at(-1)!;
    expect(watch).toMatchObject({
      state: 'pending',
      due_at: new Date(clock.getTime() + ACH_RETURN_CHECK_EVERY_MS).toISOString(),
    });
    later(60 * 60_000);
    await runJobs();
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Paid' });

    later(ACH_RETURN_CHECK_EVERY_MS);
    await runJobs();
    const reason =
      'The bank returned the debit: the customer advises it was not authorized (ACH return code R10).';
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Unpaid' });
    expect(await orderRow(orderId)).toEqual({
      settlement: 'returned',
      settlement_text: reason,
      paid_at: paidAt,
    });
    expect(await receiptOf(buyer, orderId)).toContain(`Returned: ${reason}`);
    const [item, ...others] = await pendingItems(buyer);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      itemType: 'unpaid-pop-action-item',
      description: `Pay again for the POP document of Late Return Orchard: the payment of order ${orderNumber} was returned`,
    });
    const [told, ...again] = await mailsAbout(`Your payment was returned: order ${orderNumber}`);
    expect(again).toEqual([]);
    expect(told!.text).toContain(reason);
    expect(told!.text).toContain('Late Return Orchard');

    // The chain has ended: nothing more is asked, nothing happens twice.
    expect((await questionsOf(orderId)).filter((job) => job.state !== 'done')).toEqual([]);
    later(ACH_RETURN_WINDOW_MS);
    await runJobs();
    expect(await pendingItems(buyer)).toHaveLength(1);
    expect(await mailsAbout(`Your payment was returned: order ${orderNumber}`)).toHaveLength(1);
  });

  it('stops watching a settled debit when its return window ends', async () => {
    const buyer = await buyerWithCart('Kept Orchard');
    const { orderId, documentId } = await payByAch(buyer);
    pastTheDelay();
    await runJobs();
    for (let day = 0; day < 12; day += 1) {
      later(ACH_RETURN_CHECK_EVERY_MS);
      await runJobs();
    }
    // Once a day for ten days, the last at the window's end; then nothing is left to ask.
    const questions = await questionsOf(orderId);
    expect(questions.filter((job) => job.state !== 'done')).toEqual([]);
    const watched = questions.filter((job) => JSON.parse(job.result!).outcome === 'not returned');
    expect(watched).toHaveLength(ACH_RETURN_WINDOW_MS / ACH_RETURN_CHECK_EVERY_MS);
    const last = questions.at(-1)!;
    expect([last.state, JSON.parse(last.result!)]).toEqual([
      'done',
      { orderId, outcome: 'not returned', nextCheckAt: null },
    ]);
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Paid' });
    expect(await orderRow(orderId)).toMatchObject({ settlement: 'settled' });
  });

  it('leaves a document deactivated after it settled deactivated when the debit comes back: Unpaid if reactivated, no item', async () => {
    const { compliance } = suite.parties.accounts;
    const buyer = await buyerWithCart('Deactivated Return Orchard');
    const { orderId, orderNumber, documentId } = await payByAch(buyer, '9876542222');
    pastTheDelay();
    await runJobs();
    const deactivated = await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/deactivate`, {
      reason: 'Client closed',
    });
    expect(deactivated.statusCode).toBe(200);

    later(ACH_RETURN_CHECK_EVERY_MS);
    await runJobs();
    expect(await orderRow(orderId)).toMatchObject({ settlement: 'returned' });
    expect(await documentOf(compliance, documentId)).toMatchObject({ status: 'Inactive' });
    // Nothing to pay again for a document compliance took off (buying it would bring it back).
    expect(await pendingItems(buyer)).toEqual([]);
    const [told] = await mailsAbout(`Your payment was returned: order ${orderNumber}`);
    expect(told!.text).not.toContain('unpaid again');
    const reactivated = await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${documentId}/reactivate`,
      {},
    );
    expect([reactivated.statusCode, reactivated.json()]).toEqual([
      200,
      expect.objectContaining({ status: 'Unpaid' }),
    ]);
  });

  it('keeps the purchase items of a document deactivated while its payment settled (a Colonial no-pay reason)', async () => {
    const { compliance } = suite.parties.accounts;
    const buyer = await buyerWithCart('Colonial Orchard');
    const { documentId } = await payByAch(buyer);
    // The client is a Colonial partner's (a broker's client moved to Colonial meanwhile).
    const partner = { ...companyRow('Settling Colonial', { kind: 'strategic-partner' }), colonial: 1 };
    await suite.ctx.db.insertInto('company').values(partner).execute();
    const { client_company_id: clientId } = await suite.ctx.db
      .selectFrom('epop_document')
      .select('client_company_id')
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    await suite.ctx.db
      .updateTable('company')
      .set({ strategic_partner_id: partner.company_id })
      .where('company_id', '=', clientId)
      .execute();
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ strategic_partner_id: partner.company_id })
      .where('document_id', '=', documentId)
      .execute();
    // N1: Inactive, and the client's accounts asked to buy it to come back.
    const removed = await suite.ctx.send(compliance, 'POST', `/colonial/no-pay/N1/${documentId}`, {});
    expect(removed.statusCode).toBe(200);
    const asked = await pendingItems(buyer);
    expect(asked.map((item) => item.itemType)).toEqual(['colonial-cancellation-purchase']);

    pastTheDelay();
    await runJobs();
    expect(await documentOf(compliance, documentId)).toMatchObject({ status: 'Inactive' });
    expect(await pendingItems(buyer)).toEqual(asked);
    // Paid when reactivated: the money has moved.
    const reactivated = await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${documentId}/reactivate`,
      {},
    );
    expect(reactivated.json()).toMatchObject({ status: 'Paid' });
  });
  it('does not take a transaction the processor cannot find for a return: asks again, and leaves it to support after 30 days', async () => {
    const buyer = await buyerWithCart('Unfound Orchard');
    const { orderId, orderNumber, documentId } = await payByAch(buyer);
    // The processor does not find the transaction (an id it never made): no answer about the money.
    const lost = '9000000000000000';
    await suite.ctx.db
      .updateTable('orders')
      .set({ transaction_id: lost })
      .where('order_id', '=', orderId)
      .execute();
    await runJobs();
    pastTheDelay();
    await runJobs();
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Processing' });
    expect(await orderRow(orderId)).toMatchObject({ settlement: 'pending' });
    expect(await pendingItems(buyer)).toEqual([]);
    expect(await mailsAbout(`order ${orderNumber}`)).toEqual([]);
    expect((await questionsOf(orderId)).at(-1)).toMatchObject({ state: 'pending' });

    later(SETTLEMENT_GIVE_UP_MS);
    await runJobs();
    const last = (await questionsOf(orderId)).at(-1)!;
    expect(last.state).toBe('failed');
    expect(last.last_error).toBe(
      `the payment of order ${orderNumber} is not settled after 30 days (the processor does not find transaction ${lost}): ask the processor, then settle the order by hand`,
    );
    expect(await documentOf(buyer, documentId)).toMatchObject({ status: 'Processing' });
    expect(await orderRow(orderId)).toMatchObject({ settlement: 'pending' });
  });
});
