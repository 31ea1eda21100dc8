import {
  badRequest,
  conflict,
  EmptyBody,
  ValidationFailure,
  type Caller,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { MESSAGES, productToday } from 'shared-domain';
import { BUYERS, UserIdParams } from '../../lib/contract.js';
import type { PaymentResult } from '../../payments/gateway.js';
import { achProblems, cardBrand, cardProblems, digitsOf } from '../../payments/checks.js';
import { renewedAlready } from '../epop-document/links.js';
import { jsonObject } from '../../lib/json.js';
import { placeOrder, type OrderPayment } from '../order/place.js';
import { mailReceipt } from '../order/receipt-mail.js';
import {
  LOCK_MESSAGES,
  recentOrder,
  releasePurchaseLock,
  settlePurchase,
  takePurchaseLock,
} from './purchase-lock.js';
import { pricedCart } from './queries.js';
import { AchPayment, CardPayment, PaymentAnswer } from './schemas.js';

export const PURCHASE_MESSAGES = {
  emptyCart: 'Your cart is empty',
  notFree: 'Your cart has a total to pay: proceed to checkout to pay it',
  nothingToPay: 'Your cart total is $0.00: press Complete to finish your order',
  renewedMeanwhile: (product: string) =>
    `${product} renews a document that has been renewed since: remove it from your cart`,
  orderCompleted: MESSAGES.orderCompleted,
} as const;

/** How the cart is paid: the checked card or account (reaching the gateway only), or nothing. */
type Method =
  { kind: 'card'; body: CardPayment; brand: string } | { kind: 'ach'; body: AchPayment } | { kind: 'free' };

/**
 * The purchase (specs/1-foundation.md §4 "Checkout", issue 10 "Payments"): card, ACH, or free for a
 * zero total. Once only: the user's purchase lock is taken before the cart is read, so the amount
 * charged is the server's total of the cart at that moment, the cart cannot change under the
 * charge, and a second submission while the first runs answers 409; after it, its result.
 */
const purchase: FastifyPluginAsyncTypebox = async (app) => {
  async function run(caller: Caller, userId: string, method: Method): Promise<PaymentAnswer> {
    const lock = await takePurchaseLock(app.db, userId);
    if (!lock) throw conflict(LOCK_MESSAGES.running);
    let charged = lock.charged !== null;
    try {
      const { inCart, price } = await pricedCart(app.db, userId);
      if (inCart.length === 0) {
        // Pressed again after it went through (a reload, a second tab): the first result.
        const recent = await recentOrder(app.db, lock);
        await releasePurchaseLock(app.db, userId, lock);
        if (recent) return { success: true, ...recent };
        throw badRequest(PURCHASE_MESSAGES.emptyCart);
      }
      if (!charged) {
        if (method.kind === 'free' && price.totalCents > 0) throw badRequest(PURCHASE_MESSAGES.notFree);
        if (method.kind !== 'free' && price.totalCents === 0)
          throw badRequest(PURCHASE_MESSAGES.nothingToPay);
      }
      // What the cart said when it was filled may no longer hold: refuse before charging anything.
      for (const row of inCart) {
        const original = jsonObject(row.json).originalDocumentId;
        if (typeof original === 'string' && (await renewedAlready(app.db, original, row.document_id))) {
          throw new ValidationFailure([PURCHASE_MESSAGES.renewedMeanwhile(row.display_text)]);
        }
      }
      const [purchaser] = await app.identity.lookupUsers([userId]);
      const name = purchaser ? `${purchaser.firstName} ${purchaser.lastName}`.trim() : caller.username;
      const email = purchaser?.email ?? '';

      const description = `POP Documents: ${inCart.map((row) => row.display_text).join('; ')}`.slice(0, 255);
      let result: PaymentResult;
      if (lock.charged) {
        result = { success: true, ...lock.charged };
      } else if (method.kind === 'card') {
        const card = method.body;
        result = await app.payments.chargeCard({
          idempotencyKey: lock.purchaseId,
          amountCents: price.totalCents,
          description,
          card: {
            number: digitsOf(card.cardNumber),
            expirationMonth: card.expirationMonth,
            expirationYear: card.expirationYear,
            cvv: digitsOf(card.cvv),
          },
          billing: {
            firstName: card.firstName.trim(),
            lastName: card.lastName.trim(),
            company: card.company.trim(),
            street: card.street.trim(),
            city: card.city.trim(),
            state: card.state.trim(),
            zip: card.zip.trim(),
            country: card.country ?? 'US',
            phone: card.phone?.trim() || null,
            email: card.email.trim(),
          },
        });
      } else if (method.kind === 'ach') {
        const ach = method.body;
        result = await app.payments.debitAccount({
          idempotencyKey: lock.purchaseId,
          amountCents: price.totalCents,
          description,
          account: {
            routingNumber: digitsOf(ach.routingNumber),
            accountNumber: digitsOf(ach.accountNumber),
            nameOnAccount: ach.nameOnAccount.trim(),
            bankName: ach.bankName.trim(),
            checking: ach.checking ?? true,
          },
          email: ach.email.trim(),
        });
      } else {
        result = { success: true, transactionId: null, displayText: PURCHASE_MESSAGES.orderCompleted };
      }
      if (!result.success) {
        // Declined: nothing changes here (the processor keeps its record of the attempt).
        app.log.info(
          { userId, transactionId: result.transactionId, reason: result.displayText },
          'payment declined',
        );
        await releasePurchaseLock(app.db, userId, lock);
        return { ...result, success: false, orderId: null, orderNumber: null };
      }
      // Charged: from here a failure leaves the lock `charged`, and a retry finishes the order
      // without charging again.
      charged = true;
      await settlePurchase(app.db, userId, lock.purchaseId, 'charged', result);
      const payment: OrderPayment =
        method.kind === 'card'
          ? {
              method: 'card',
              brand: method.brand,
              last4: digitsOf(method.body.cardNumber).slice(-4),
              transactionId: result.transactionId,
            }
          : method.kind === 'ach'
            ? {
                method: 'ach',
                brand: (method.body.checking ?? true) ? 'Checking' : 'Savings',
                last4: digitsOf(method.body.accountNumber).slice(-4),
                transactionId: result.transactionId,
              }
            : { method: null, brand: null, last4: null, transactionId: result.transactionId };
      const order = await app.db.transaction().execute(async (trx) => {
        const placed = await placeOrder(trx, {
          purchaser: { userId, roleGroup: caller.roleGroup, name, email },
          rows: inCart,
          price,
          payment,
        });
        await settlePurchase(trx, userId, lock.purchaseId, 'done', { orderId: placed.orderId });
        return placed;
      });
      try {
        await mailReceipt(app, order.orderId);
      } catch (error) {
        // The order stands; compliance's Email Purchaser sends it again.
        app.log.error({ err: error, orderId: order.orderId }, 'the receipt e-mail could not be sent');
      }
      return {
        success: true,
        ...order,
        transactionId: result.transactionId,
        displayText: result.displayText,
      };
    } catch (error) {
      if (!charged) await releasePurchaseLock(app.db, userId, lock);
      else
        app.log.error(
          { err: error, userId },
          'charged, but the order could not be placed: a retry finishes it',
        );
      throw error;
    }
  }

  const owner = {
    access: BUYERS,
    ownership: { resource: 'user', action: 'write', param: 'userId' },
  } as const;

  app.post(
    '/:userId/purchase/card',
    {
      config: owner,
      schema: {
        summary: "Pay the caller's cart by card: the server's total, charged once",
        params: UserIdParams,
        body: CardPayment,
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => {
      const problems = cardProblems(request.body, productToday());
      if (problems.length > 0) throw new ValidationFailure(problems);
      const brand = cardBrand(request.body.cardNumber)!;
      return run(request.caller!, request.params.userId, { kind: 'card', body: request.body, brand });
    },
  );

  app.post(
    '/:userId/purchase/ach',
    {
      config: owner,
      schema: {
        summary: "Pay the caller's cart from a bank account (ACH): the server's total, debited once",
        params: UserIdParams,
        body: AchPayment,
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => {
      const problems = achProblems(request.body);
      if (problems.length > 0) throw new ValidationFailure(problems);
      return run(request.caller!, request.params.userId, { kind: 'ach', body: request.body });
    },
  );

  app.post(
    '/:userId/purchase/free',
    {
      config: owner,
      schema: {
        summary: "Complete the caller's order when its total is zero (a non-zero cart answers 400)",
        params: UserIdParams,
        body: EmptyBody,
        response: { 200: PaymentAnswer },
      },
    },
    async (request) => run(request.caller!, request.params.userId, { kind: 'free' }),
  );
};

export default purchase;
