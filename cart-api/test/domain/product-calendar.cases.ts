import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { fakeDateOnly, pdfText } from 'shared-domain/testing';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../src/db/reference-data.js';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp, type Account } from '../helpers/parties.js';
import { cardPayment } from '../helpers/payments.js';
import { documentRow } from '../helpers/rows.js';

/** 23:30 in New York on December 31st, 2026: already 04:30 on January 1st, 2027 in UTC. */
const NEW_YEARS_EVE_LATE = new Date('2027-01-01T04:30:00Z');

/**
 * "Today" is the product's day (America/New_York) for every rule and every printed date (issue 20):
 * at 23:30 New York time on Dec 31 it is still 2026 for the renewal window, the test's plan-year check,
 * the action items' Today/Yesterday, the receipt and the PDFs, while UTC has moved to 2027.
 */
describe("the product's day at 23:30 New York time on December 31st", () => {
  // The service's clock (app.now) and the process's: a rule that still read `new Date()` is caught too.
  // Only Date is faked, and it runs on from there: timers, I/O and the database behave as usual.
  beforeAll(() => {
    jest.useFakeTimers(fakeDateOnly({ now: NEW_YEARS_EVE_LATE, advanceTimers: true }));
  });
  afterAll(() => {
    jest.useRealTimers();
  });
  const suite = seededTestApp(undefined, { now: () => NEW_YEARS_EVE_LATE });
  const db = () => suite.ctx.db;

  async function documentOf(planYear: { start: string; end: string }) {
    const { records } = suite.parties;
    const form = documentForm({
      clientCompanyName: `Calendar ${randomUUID().slice(0, 6)}`,
      currentPlanYearStartDate: planYear.start,
      currentPlanYearEndDate: planYear.end,
    });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify(form),
      plan_year_start: planYear.start,
      plan_year_end: planYear.end,
    });
    await db().insertInto('epop_document').values(row).execute();
    return row.document_id;
  }

  const readyForRenewal = async (documentId: string) =>
    (await suite.ctx.send(suite.parties.accounts.brokerA, 'GET', `/epop-document/${documentId}`)).json<{
      readyForRenewal: boolean;
    }>().readyForRenewal;

  it('opens the renewal window 90 days before the plan year ends, counted from Dec 31', async () => {
    // 90 days after Dec 31 is Mar 31: ready; a plan year ending Apr 1 is 91 days away (89 from Jan 1 UTC).
    expect(await readyForRenewal(await documentOf({ start: '2026-04-01', end: '2027-03-31' }))).toBe(true);
    expect(await readyForRenewal(await documentOf({ start: '2026-04-02', end: '2027-04-01' }))).toBe(false);
  });

  it('lets the test run on a plan year that ends today', async () => {
    const documentId = await documentOf({ start: '2026-01-01', end: '2026-12-31' });
    const taken = await suite.ctx.send(
      suite.parties.accounts.brokerA,
      'POST',
      `/epop-document/${documentId}/non-discrimination`,
      { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
    );
    expect([taken.statusCode, taken.json()]).toEqual([200, expect.objectContaining({ ndtResult: 'Pass' })]);
  });

  it('groups an item made at 00:30 on Dec 31 under Today, one at 23:30 on Dec 30 under Yesterday', async () => {
    const { brokerA } = suite.parties.accounts;
    const item = (description: string, createdAt: string) => ({
      action_item_id: randomUUID(),
      user_id: brokerA.userId,
      item_type: 'pop-document-renewal' as const,
      description,
      json: JSON.stringify({ DocumentId: randomUUID() }),
      created_by: 'test',
      created_at: createdAt,
      completed: 0,
      completed_at: null,
    });
    await db()
      .insertInto('action_item')
      .values([
        item('made at 00:30 on Dec 31', '2026-12-31T05:30:00.000Z'),
        item('made at 23:30 on Dec 30', '2026-12-31T04:30:00.000Z'),
      ])
      .execute();
    const pending = (await suite.ctx.send(brokerA, 'GET', `/action-item/${brokerA.userId}/pending`)).json<
      Record<'today' | 'yesterday', { description: string }[]>
    >();
    const descriptions = (group: { description: string }[]) => group.map((entry) => entry.description);
    expect(descriptions(pending.today)).toContain('made at 00:30 on Dec 31');
    expect(descriptions(pending.yesterday)).toContain('made at 23:30 on Dec 30');
  });

  it('dates the receipt of an order paid then Dec 31, 2026, and the PDFs generated then', async () => {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({ userId: buyer.userId, role: 'broker', email: 'late@calendar.test' });
    const added = await suite.ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm({ clientCompanyName: 'Late Night Dental' }),
      userId: buyer.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/card`,
      cardPayment(),
    );
    const { orderId } = paid.json<{ orderId: string }>();
    const receipt = (await suite.ctx.send(buyer, 'GET', `/order/${orderId}/receipt`)).json<{
      receipt: string;
    }>();
    expect(receipt.receipt).toContain('<dt>Order Date</dt><dd>12/31/2026</dd>');
    const receiptPdf = await suite.ctx.send(buyer, 'GET', `/order/${orderId}/receipt/download`);
    expect((await pdfText(receiptPdf.rawPayload)).text).toMatch(/Order Date\s+12\/31\/2026/);

    const document = await db()
      .selectFrom('order_item')
      .select('document_id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const pdf = await suite.ctx.send(
      buyer,
      'GET',
      `/epop-document/${document.document_id}/download/plan-doc`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).text;
    expect(text).toContain('Generated 12/31/2026');
    expect(text).not.toContain('Generated 01/01/2027');
  });
});
