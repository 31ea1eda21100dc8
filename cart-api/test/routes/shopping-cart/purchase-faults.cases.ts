import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import type { CardCharge, PaymentResult } from '../../../src/payments/gateway.js';
import { SandboxGateway } from '../../../src/payments/sandbox.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { achPayment, cardPayment } from '../../helpers/payments.js';
import { daysFromToday, documentRow } from '../../helpers/rows.js';

/**
 * The purchase when things go wrong (issue 10 "Once only"): a processor that does not answer, an
 * order that cannot be placed after the charge, a process that died after charging, a cart that
 * changed under the page. Never a second charge; never an order the payment does not cover.
 */
class FaultyGateway extends SandboxGateway {
  /** Runs once, after the sandbox approved the next charge (then throws, like a lost answer). */
  loseNextAnswer = false;
  /** Runs during the next charge (another request's effect meanwhile). */
  duringNextCharge: (() => Promise<void>) | null = null;

  override async chargeCard(charge: CardCharge): Promise<PaymentResult> {
    const during = this.duringNextCharge;
    this.duringNextCharge = null;
    if (during) await during();
    const result = await super.chargeCard(charge);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new Error('socket hang up');
    }
    return result;
  }
}

const gateway = new FaultyGateway();

describe('purchase faults', () => {
  const suite = seededTestApp(undefined, { payments: gateway });
  const card = cardPayment;

  async function buyerWithCart(
    json = documentForm({ clientCompanyName: `Faults ${randomUUID().slice(0, 6)}` }),
  ) {
    const buyer: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({ userId: buyer.userId, role: 'broker' });
    const added = await suite.ctx.send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json,
      userId: buyer.userId,
    });
    expect(added.statusCode).toBe(200);
    return { buyer, cartItemId: added.json<{ cartItem: { cartItemId: string } }>().cartItem.cartItemId };
  }
  const ordersOf = (userId: string) =>
    suite.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
  const pay = (buyer: Account, body: object = card()) =>
    suite.ctx.send(buyer, 'POST', `/shopping-cart/${buyer.userId}/purchase/card`, body);

  it('keeps the cart locked when the processor does not answer, and asks again with the same key: one charge', async () => {
    const { buyer, cartItemId } = await buyerWithCart();
    const before = gateway.charges.length;
    gateway.loseNextAnswer = true;
    const lost = await pay(buyer);
    expect([lost.statusCode, lost.json()]).toEqual([
      503,
      {
        message:
          'We could not confirm your payment with the processor. Press Process Payment again: you will not be charged twice.',
      },
    ]);
    // Unsettled: the cart cannot change, and another kind of payment is not taken for it.
    const change = await suite.ctx.send(buyer, 'POST', `/shopping-cart/${cartItemId}/save-for-later`, {});
    expect(change.statusCode).toBe(409);
    const ach = await suite.ctx.send(
      buyer,
      'POST',
      `/shopping-cart/${buyer.userId}/purchase/ach`,
      achPayment(),
    );
    expect(ach.json()).toEqual({
      message:
        'Your last payment could not be confirmed: pay again by card to confirm it (you will not be charged twice)',
    });

    const again = await pay(buyer);
    expect(again.json()).toMatchObject({ success: true });
    expect(gateway.charges.length - before).toBe(1);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
  });

  it('refunds the payment when the order cannot be placed after it, and changes nothing else', async () => {
    // An Unpaid document of the buyer's, in the cart; paid by another payment during the charge.
    const { buyer, cartItemId } = await buyerWithCart();
    const { records } = suite.parties;
    const unpaid = documentRow(buyer.userId, records.brokerA.companyId, { status: 'Unpaid' });
    await suite.ctx.db.insertInto('epop_document').values(unpaid).execute();
    await suite.ctx.db
      .updateTable('cart_item')
      .set({ document_id: unpaid.document_id })
      .where('cart_item_id', '=', cartItemId)
      .execute();
    gateway.duringNextCharge = async () => {
      await suite.ctx.db
        .updateTable('epop_document')
        .set({ status: 'Paid' })
        .where('document_id', '=', unpaid.document_id)
        .execute();
    };
    const refunds = gateway.refunds.length;
    const refused = await pay(buyer);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        message: expect.stringMatching(
          /^Your order could not be completed \(POP Document - Faults \w+ has been paid already\); your payment has been refunded\.$/,
        ),
      },
    ]);
    expect(gateway.refunds.length - refunds).toBe(1);
    expect(await ordersOf(buyer.userId)).toEqual([]);
    // The lock is released: the next attempt is told why before anything is charged.
    const next = await pay(buyer);
    expect(next.json()).toEqual({
      type: 'validation',
      errors: [expect.stringMatching(/has been paid already: remove it from your cart$/)],
    });
  });

  it('places the order of a charge whose process died, without charging again', async () => {
    const { buyer, cartItemId } = await buyerWithCart();
    const snapshot = {
      cartItemIds: [cartItemId],
      price: {
        lines: [{ id: cartItemId, unitPriceCents: 30_000, discountCents: 0, totalCents: 30_000 }],
        subtotalCents: 30_000,
        discountCents: 0,
        totalCents: 30_000,
        usedDiscountIds: [],
      },
      discountIds: [],
      payment: { method: 'card', brand: 'Visa', last4: '1111' },
      purchaser: { name: 'Avery Buyer', email: 'avery@example.com' },
    };
    await suite.ctx.db
      .insertInto('purchase')
      .values({
        user_id: buyer.userId,
        purchase_id: randomUUID(),
        state: 'charged',
        started_at: new Date(Date.now() - 6 * 60 * 1000).toISOString(),
        finished_at: null,
        snapshot: JSON.stringify(snapshot),
        transaction_id: '12345678901',
        display_text: 'This transaction has been approved.',
        order_id: null,
      })
      .execute();
    const before = gateway.records.length;
    const settled = await pay(buyer);
    expect(settled.json()).toMatchObject({ success: true, transactionId: '12345678901' });
    expect(gateway.records.length).toBe(before);
    expect((await ordersOf(buyer.userId))[0]).toMatchObject({
      total_cents: 30_000,
      payment_last4: '1111',
      transaction_id: '12345678901',
    });
  });

  it('refuses a second renewal of one document in the cart, and a total the page did not show', async () => {
    const { records, accounts } = suite.parties;
    // Ready for renewal: its plan year ends within 90 days (only such a document is renewed).
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ plan_year_start: daysFromToday(-335), plan_year_end: daysFromToday(29) })
      .where('document_id', '=', records.employerB.documentId)
      .execute();
    const renewal = documentForm({
      clientCompanyName: 'employerB Company',
      clientId: records.employerB.companyId,
      originalDocumentId: records.employerB.documentId,
    });
    const buyer = accounts.employerB;
    const item = {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [],
      json: renewal,
      userId: buyer.userId,
    };
    expect((await suite.ctx.send(buyer, 'POST', '/shopping-cart', item)).statusCode).toBe(200);
    const twice = await suite.ctx.send(buyer, 'POST', '/shopping-cart', item);
    expect([twice.statusCode, twice.json()]).toEqual([
      400,
      {
        type: 'validation',
        errors: ['A renewal of this document is already in your cart: open it there to change it'],
      },
    ]);

    const { buyer: other } = await buyerWithCart();
    const before = gateway.records.length;
    const stale = await pay(other, { ...card(), expectedTotal: 225 });
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { message: 'Your cart total has changed to $300.00: review your cart before paying' },
    ]);
    expect(gateway.records.length).toBe(before);
    expect((await pay(other, { ...card(), expectedTotal: 300 })).json()).toMatchObject({ success: true });
  });
});
