import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { SandboxGateway } from '../../../src/payments/sandbox.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { daysFromToday } from '../../helpers/rows.js';
import { achPayment, brokerWithCart, cardPayment } from '../../helpers/payments.js';
import { PAYMENT_SECRET_FORMS, PAYMENT_SECRETS, secretsKept } from '../../helpers/secrets.js';

/**
 * The purchase (issue 10 "Payments", "Orders and receipts"): card, ACH and free, once only, priced
 * by the server, with no card or account data kept anywhere.
 */
const CARD = '4111111111111111';
const ACCOUNT = '123456789';
const logLines: string[] = [];
// Pretend network time: long enough for two requests to overlap. ACH debits settle at the first
// question (test/routes/shopping-cart/settlement.cases.ts moves the clock through the delay).
const gateway = new SandboxGateway({ delayMs: 150, settleMs: 0 });

describe('POST /shopping-cart/:userId/purchase/card|ach|free', () => {
  const suite = seededTestApp(undefined, {
    payments: gateway,
    logger: { level: 'trace', production: true, stream: { write: (line) => logLines.push(line) } },
  });

  const card = cardPayment;
  const ach = (overrides: Record<string, unknown> = {}) =>
    achPayment({ accountNumber: ACCOUNT, ...overrides });

  /** A new broker known to identity-api, with one $300.00 document in the cart. */
  async function buyerWithCart(company = `Buyer Co ${randomUUID().slice(0, 6)}`) {
    return brokerWithCart(suite.ctx, company);
  }

  async function promoCode(body: Record<string, unknown>) {
    const code = `T${randomUUID().slice(0, 7)}`;
    const created = await suite.ctx.send(suite.parties.accounts.compliance, 'POST', '/discount', {
      code,
      percentage: null,
      amount: null,
      maxDollarAmount: null,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      productId: null,
      type: 'Total',
      ...body,
    });
    expect(created.statusCode).toBe(200);
    return created.json<{ id: string; code: string }>();
  }

  const cartOf = async (buyer: Account) =>
    (await suite.ctx.send(buyer, 'GET', `/shopping-cart/${buyer.userId}`)).json<{
      total: number;
      subtotal: number;
      discount: number;
      items: { cartItemId: string; total: number; discount: number }[];
    }>();

  const ordersOf = (userId: string) =>
    suite.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();

  it('charges the cart’s own total once, places the order, pays the document and mails the receipt', async () => {
    const buyer = await buyerWithCart('Receipt Dental');
    const ten = await promoCode({ percentage: 10 });
    const applied = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/promo-code/%20${ten.code.toLowerCase()}%20`,
      {},
    );
    expect(applied.json()).toMatchObject({
      message: 'Discount has been applied',
      cart: { subtotal: 300, discount: 30, total: 270 },
    });
    const before = gateway.charges.length;

    const paid = await suite.ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/card`, card());
    expect(paid.statusCode).toBe(200);
    const answer = paid.json<{
      success: boolean;
      orderId: string;
      orderNumber: string;
      transactionId: string;
      displayText: string;
    }>();
    expect(answer).toEqual({
      success: true,
      orderId: expect.any(String),
      orderNumber: expect.stringMatching(/^\d{6,}$/),
      transactionId: expect.stringMatching(/^\d{16}$/),
      displayText: 'This transaction has been approved.',
    });
    expect(gateway.charges.slice(before)).toEqual([
      expect.objectContaining({ kind: 'card', amountCents: 27_000, last4: '1111' }),
    ]);

    // The order and its item at the cart's prices; the cart is empty and its codes are gone.
    const [order] = await ordersOf(buyer.userId);
    expect(order).toMatchObject({
      order_number: answer.orderNumber,
      transaction_id: answer.transactionId,
      subtotal_cents: 30_000,
      discount_cents: 3_000,
      total_cents: 27_000,
      payment_method: 'card',
      payment_brand: 'Visa',
      payment_last4: '1111',
      is_new: 1,
      ordered_by: 'Avery Buyer',
    });
    expect(await cartOf(buyer)).toMatchObject({ total: 0, items: [] });
    expect((await suite.ctx.send(buyer, 'GET', `/discount/${buyer.userId}`)).json()).toEqual([]);
    const usage = await suite.ctx.send(suite.parties.accounts.compliance, 'GET', `/discount/${ten.id}`);
    expect(usage.json()).toMatchObject({ usage: 1 });

    // The document is Paid, on the buyer's list with its order number and receipt.
    const list = await suite.ctx.send(buyer, 'GET', `/epop-document/${buyer.userId}`);
    expect(list.json()).toMatchObject({
      data: [
        {
          name: 'Receipt Dental',
          orderId: answer.orderId,
          orderNumber: answer.orderNumber,
          showUserReceipt: true,
        },
      ],
    });
    const [document] = await suite.ctx.db
      .selectFrom('epop_document')
      .selectAll()
      .where('owner_user_id', '=', buyer.userId)
      .execute();
    expect(document).toMatchObject({ status: 'Paid', free: 0 });

    // The receipt: markup with escaped values, the same as a PDF, and by e-mail.
    const receipt = await suite.ctx.send(buyer, 'GET', `/order/${answer.orderId}/receipt`);
    const markup = receipt.json<{ receipt: string }>().receipt;
    for (const text of [
      answer.orderNumber,
      'Receipt Dental',
      'Visa ending in 1111',
      answer.transactionId,
      '$300.00',
      '$30.00',
      '$270.00',
    ]) {
      expect(markup).toContain(text);
    }
    const pdf = await suite.ctx.send(buyer, 'GET', `/order/${answer.orderId}/receipt/download`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${answer.orderNumber}.pdf"`,
    );
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(answer.orderNumber);
    expect(text).toContain('Visa ending in 1111');
    const subject = `Subject: Your POP Documents receipt, order ${answer.orderNumber}`;
    const mail = await mailWith(subject);
    expect(mail).toMatch(new RegExp(`filename=receipt-${answer.orderNumber}\\.pdf`));
  });

  it('answers the first result to a repeat, and one of two simultaneous purchases: one order, one charge', async () => {
    const buyer = await buyerWithCart();
    const before = gateway.charges.length;
    const url = `/shopping-cart/${buyer.userId}/purchase/card`;
    const [first, second] = await Promise.all([
      suite.ctx.send(buyer, 'POST', url, card()),
      suite.ctx.send(buyer, 'POST', url, card()),
    ]);
    const answers = [first, second].map(
      (response) => [response.statusCode, response.json<{ orderId?: string; message?: string }>()] as const,
    );
    const ok = answers.filter(([status]) => status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // The other is refused while the first runs (409), or answered the first's result.
    for (const [status, body] of answers) {
      if (status === 409)
        expect(body.message).toBe(
          'Your order is already being processed. Please wait for it to finish; you will not be charged twice.',
        );
      else expect(body.orderId).toBe(ok[0]![1].orderId);
    }
    const again = await suite.ctx.send(buyer, 'POST', url, card());
    expect(again.json()).toMatchObject({ success: true, orderId: ok[0]![1].orderId });
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(gateway.charges.length - before).toBe(1);
  });

  it('changes nothing when the card is declined, and answers the processor’s text', async () => {
    const buyer = await buyerWithCart();
    const before = await snapshot(suite.ctx.db);
    for (const [overrides, text] of [
      [{ zip: '46282' }, 'This transaction has been declined.'],
      [{ cvv: '901' }, 'This transaction has been declined because the card code (CVV) does not match.'],
    ] as const) {
      const declined = await suite.ctx.send(
        buyer,
        'POST',
        `/shopping-cart/${buyer.userId}/purchase/card`,
        card(overrides),
      );
      expect([declined.statusCode, declined.json()]).toEqual([
        200,
        {
          success: false,
          orderId: null,
          orderNumber: null,
          transactionId: expect.any(String),
          displayText: text,
        },
      ]);
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
    expect((await cartOf(buyer)).items).toHaveLength(1);
  });

  it('pays by ACH, and declines an account without funds', async () => {
    const poor = await buyerWithCart();
    const before = await snapshot(suite.ctx.db);
    const declined = await suite.ctx.send(
      poor,
      'POST',
      `/shopping-cart/${poor.userId}/purchase/ach`,
      ach({ accountNumber: '9870000' }),
    );
    expect(declined.json()).toMatchObject({
      success: false,
      displayText: 'This transaction has been declined: the account has insufficient funds.',
    });
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    const buyer = await buyerWithCart();
    const paid = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/ach`,
      ach({ checking: false }),
    );
    // Accepted, not settled: the order awaits its settlement (settlement.cases.ts).
    expect(paid.json()).toMatchObject({ success: true, pending: true });
    expect((await ordersOf(buyer.userId))[0]).toMatchObject({
      payment_method: 'ach',
      payment_brand: 'Savings',
      payment_last4: '6789',
      total_cents: 30_000,
      settlement: 'pending',
      paid_at: null,
    });
  });

  it('refuses what cannot be charged before any processor sees it, and changes nothing', async () => {
    const buyer = await buyerWithCart();
    const before = await snapshot(suite.ctx.db);
    const charges = gateway.records.length;
    const url = `/shopping-cart/${buyer.userId}/purchase/card`;
    const refusals: [Record<string, unknown>, string][] = [
      [{ cardNumber: '4111 1111 1111 1112' }, 'Card Number is not a valid card number'],
      [{ cardNumber: '4111111111' }, 'Card Number is not a valid card number'],
      [{ expirationYear: 2020 }, 'The card has expired: check Exp Month and Exp Year'],
      [{ cvv: '12' }, 'CVV Code must be 3 or 4 digits'],
      [{ zip: '1234' }, 'Enter a zip code as ##### or #####-####'],
      [{ firstName: '  ' }, 'First Name is required'],
      [{ cvv: '1234' }, 'CVV Code must be 3 digits for this card'],
      [{ email: 'avery at example' }, 'Enter a valid e-mail address'],
      [{ state: 'ZZ' }, 'Choose a state from the list'],
    ];
    for (const [overrides, message] of refusals) {
      const refused = await suite.ctx.send(buyer, 'POST', url, card(overrides));
      expect([refused.statusCode, refused.json()]).toEqual([400, { type: 'validation', errors: [message] }]);
    }
    const badBank = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/ach`,
      ach({ routingNumber: '011000016', accountNumber: '12' }),
    );
    expect(badBank.json()).toEqual({
      type: 'validation',
      errors: ['ABA Routing Number is not a valid routing number', 'Account Number must be 4 to 17 digits'],
    });
    // The amount is the server's: a body naming one is refused like any unknown field.
    const priced = await suite.ctx.send(buyer, 'POST', url, { ...card(), amount: 1 });
    expect(priced.statusCode).toBe(400);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
    expect(gateway.records.length).toBe(charges);
  });

  it('completes a zero total without payment, and refuses a free purchase of a total to pay or an empty cart', async () => {
    const buyer = await buyerWithCart('Free Florist');
    const free = `/shopping-cart/${buyer.userId}/purchase/free`;
    const refused = await suite.ctx.send(buyer, 'POST', free, {});
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { message: 'Your cart has a total to pay: proceed to checkout to pay it' },
    ]);
    const all = await promoCode({ percentage: 100 });
    await suite.ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/promo-code/${all.code}`, {});
    expect(await cartOf(buyer)).toMatchObject({ total: 0, discount: 300 });
    const byCard = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/card`,
      card(),
    );
    expect(byCard.json()).toEqual({
      message: 'Your cart total is $0.00: press Complete to finish your order',
    });

    const done = await suite.ctx.send(buyer, 'POST', free, {});
    expect(done.json()).toMatchObject({
      success: true,
      transactionId: null,
      displayText: 'Your order has been completed',
    });
    expect((await ordersOf(buyer.userId))[0]).toMatchObject({
      total_cents: 0,
      discount_cents: 30_000,
      payment_method: null,
    });
    const empty = { userId: randomUUID(), roles: ['epop'] };
    const nothing = await suite.ctx.send(empty, 'POST', `/shopping-cart/${empty.userId}/purchase/free`, {});
    expect([nothing.statusCode, nothing.json()]).toEqual([400, { message: 'Your cart is empty' }]);
  });

  it('keeps no card or account number and no CVV: not in the database, the logs or the e-mails', async () => {
    const { cardNumber, cvv, accountNumber } = PAYMENT_SECRETS;
    const buyer = await buyerWithCart();
    const paid = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/card`,
      card({ cardNumber, cvv }),
    );
    expect(paid.json()).toMatchObject({ success: true });
    const other = await buyerWithCart();
    const debited = await suite.ctx.send(
      other,
      'POST',
      `/shopping-cart/${other.userId}/purchase/ach`,
      ach({ accountNumber }),
    );
    expect(debited.json()).toMatchObject({ success: true });
    // A refused one too (one digit off, so it fails the checksum): its body reaches the validation,
    // never a log line.
    const refusedNumber = `${cardNumber.slice(0, -1)}6`;
    const refused = await suite.ctx.send(
      other,
      'POST',
      `/shopping-cart/${other.userId}/purchase/card`,
      card({ cardNumber: refusedNumber, cvv }),
    );
    expect(refused.statusCode).toBe(400);

    // The receipts go after the answers (the ACH one once its debit settled, at the first question
    // here): wait for both, with their PDFs, before reading the e-mails.
    const orders = await suite.ctx.db
      .selectFrom('orders')
      .select('order_number')
      .where('user_id', 'in', [buyer.userId, other.userId])
      .execute();
    expect(orders).toHaveLength(2);
    await Promise.all(orders.map((order) => mailWith(`receipt, order ${order.order_number}`)));
    expect(logLines.length).toBeGreaterThan(0);
    const secrets = [...PAYMENT_SECRET_FORMS, refusedNumber, refusedNumber.replace(/\s/g, ''), CARD];
    expect(
      await secretsKept({ db: suite.ctx.db, logLines, outboxDir: suite.ctx.outboxDir }, secrets),
    ).toEqual([]);
  });

  it('makes a renewal bought through the cart: the new document renews the old, whose renewal item is done', async () => {
    const { accounts, records } = suite.parties;
    const broker = accounts.brokerA;
    const original = records.brokerA.documentId;
    // The party's own cart item stands for its Paid document (a fixture, not a purchase): out.
    await suite.ctx.send(broker, 'DELETE', `/shopping-cart/${records.brokerA.cartItemId}`);
    // Ready for renewal: its plan year ends within 90 days (only such a document is renewed).
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ plan_year_start: daysFromToday(-335), plan_year_end: daysFromToday(29) })
      .where('document_id', '=', original)
      .execute();
    const added = await suite.ctx.send(broker, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [],
      json: documentForm({
        clientCompanyName: 'brokerA Company',
        clientId: records.brokerA.companyId,
        originalDocumentId: original,
      }),
      userId: broker.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      broker,
      'POST',
      `/shopping-cart/${broker.userId}/purchase/card`,
      card(),
    );
    expect(paid.json()).toMatchObject({ success: true });
    const renewal = await suite.ctx.db
      .selectFrom('epop_document')
      .select(['status', 'owner_user_id'])
      .where('original_document_id', '=', original)
      .executeTakeFirst();
    expect(renewal).toEqual({ status: 'Paid', owner_user_id: broker.userId });
    const item = await suite.ctx.db
      .selectFrom('action_item')
      .select('completed')
      .where('action_item_id', '=', records.brokerA.actionItemId)
      .executeTakeFirstOrThrow();
    expect(item.completed).toBe(1);
  });

  async function outbox(): Promise<string[]> {
    const files = await readdir(suite.ctx.outboxDir).catch(() => []);
    return Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
  }

  /** The e-mail containing `text`, once the jobs (the receipt's is one) have run. */
  async function mailWith(text: string): Promise<string> {
    await suite.ctx.app.jobs.runner.runDue();
    const found = (await outbox()).find((mail) => mail.includes(text));
    if (!found) throw new Error(`no e-mail with "${text}"`);
    return found;
  }
});
