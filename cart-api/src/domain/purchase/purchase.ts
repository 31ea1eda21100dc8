import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, HttpError, ValidationFailure, type Caller } from 'service-kit';
import { MESSAGES, productToday, toCents, toDollars } from 'shared-domain';
import { digitsOf } from 'shared-domain/forms';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AccountDebit, CardCharge, PaymentGateway, PaymentResult } from '../../payments/gateway.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import { enqueue } from '../../jobs/queue.js';
import type { AchPayment, CardPayment, PaymentAnswer } from '../../contract/shopping-cart.js';
import { cartRowsById, pricedCart } from '../cart/queries.js';
import { SEND_RECEIPT } from '../orders/receipt-mail.js';
import { PURCHASE_MESSAGES } from './messages.js';
import { cartRefusals, linkRefusals } from './refusals.js';
import { OrderConflict, placeOrder, type OrderPayment } from './place.js';
import { enqueueSettlement } from './settlement.js';
import { fingerprintOf, samePayment } from './fingerprint.js';
import {
  markCharged,
  markCharging,
  markDone,
  markUnconfirmed,
  recentOrder,
  releasePurchaseLock,
  takePurchaseLock,
  type Lock,
  type PurchaseSnapshot,
} from './purchase-lock.js';

/** How the cart is paid: the checked card or account (reaching the gateway only), or nothing. */
export type PaymentMethod =
  { kind: 'card'; body: CardPayment; brand: string } | { kind: 'ach'; body: AchPayment } | { kind: 'free' };

/** What the order records of the payment: the brand and the last four digits, nothing more. */
function paymentOf(method: PaymentMethod): PurchaseSnapshot['payment'] {
  if (method.kind === 'card') {
    return { method: 'card', brand: method.brand, last4: digitsOf(method.body.cardNumber).slice(-4) };
  }
  if (method.kind === 'ach') {
    return {
      method: 'ach',
      brand: (method.body.checking ?? true) ? 'Checking' : 'Savings',
      last4: digitsOf(method.body.accountNumber).slice(-4),
    };
  }
  return { method: null, brand: null, last4: null };
}

/** What a purchase needs: the database, the processor, identity-api's users, the job runner, the log, the clock. */
export interface PurchaseDeps {
  db: Kysely<Database>;
  payments: PaymentGateway;
  identity: IdentityDirectory;
  /** Runs the jobs a committed transaction enqueued (the receipt) now rather than at the next poll. */
  jobs: { wake(): void };
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The card and billing address as the processor is sent them. */
function cardOf(card: CardPayment): Pick<CardCharge, 'card' | 'billing'> {
  return {
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
  };
}

/** The account as the processor is sent it. */
function accountOf(ach: AchPayment): Pick<AccountDebit, 'account' | 'email'> {
  return {
    account: {
      routingNumber: digitsOf(ach.routingNumber),
      accountNumber: digitsOf(ach.accountNumber),
      nameOnAccount: ach.nameOnAccount.trim(),
      bankName: ach.bankName.trim(),
      checking: ach.checking ?? true,
    },
    email: ach.email.trim(),
  };
}

/**
 * What the processor compares to find a retry (Authorize.Net's duplicate check, besides the invoice
 * number and the amount, which the lock's key and snapshot fix): the card, its expiry and the billing
 * name and address, or the routing and account numbers. The CVV is not compared, and never kept.
 */
function comparedFields(method: Exclude<PaymentMethod, { kind: 'free' }>): string[] {
  if (method.kind === 'ach') {
    const { account } = accountOf(method.body);
    return ['ach', account.routingNumber, account.accountNumber];
  }
  const { card, billing } = cardOf(method.body);
  return [
    'card',
    card.number,
    String(card.expirationMonth),
    String(card.expirationYear),
    billing.firstName,
    billing.lastName,
    billing.company,
    billing.street,
    billing.city,
    billing.state,
    billing.zip,
    billing.country,
  ];
}

/** Calls the processor with the lock's key and the snapshot's amount; a throw leaves it unconfirmed. */
async function charge(
  deps: PurchaseDeps,
  method: PaymentMethod,
  lock: Lock,
  amountCents: number,
  description: string,
) {
  const charged = { idempotencyKey: lock.purchaseId, amountCents, description };
  if (method.kind === 'card') return deps.payments.chargeCard({ ...charged, ...cardOf(method.body) });
  if (method.kind !== 'ach') throw new Error('a free order is not charged');
  return deps.payments.debitAccount({ ...charged, ...accountOf(method.body) });
}

/** A new attempt: the cart read under the lock, checked, fixed in a snapshot. */
async function snapshotOf(
  deps: PurchaseDeps,
  caller: Caller,
  userId: string,
  method: PaymentMethod,
  expectedTotal: number | undefined,
): Promise<PaymentAnswer | PurchaseSnapshot> {
  const [{ inCart, price, codes }, [purchaser]] = await Promise.all([
    pricedCart(deps.db, userId, productToday(deps.now())),
    deps.identity.lookupUsers([userId]),
  ]);
  if (inCart.length === 0) {
    // Pressed again after it went through (a reload, a second tab): that order.
    const recent = await recentOrder(deps.db, userId);
    if (recent) return { success: true, ...recent };
    throw badRequest(PURCHASE_MESSAGES.emptyCart);
  }
  if (method.kind === 'free' && price.totalCents > 0) throw badRequest(PURCHASE_MESSAGES.notFree);
  if (method.kind !== 'free' && price.totalCents === 0) throw badRequest(PURCHASE_MESSAGES.nothingToPay);
  // The page showed a total: a cart that changed since (another tab, a code that ended) is reviewed first.
  if (expectedTotal !== undefined && toCents(expectedTotal) !== price.totalCents) {
    throw conflict(PURCHASE_MESSAGES.totalChanged(toDollars(price.totalCents)));
  }
  const problems = await cartRefusals(deps.db, caller, inCart, productToday(deps.now()));
  if (problems.length > 0) throw new ValidationFailure(problems);
  return {
    cartItemIds: inCart.map((row) => row.cart_item_id),
    price,
    discountIds: codes.map((code) => code.discountId),
    payment: paymentOf(method),
    purchaser: {
      name: purchaser ? `${purchaser.firstName} ${purchaser.lastName}`.trim() : caller.username,
      email: purchaser?.email ?? '',
    },
    ...(method.kind !== 'free' && { fingerprint: await fingerprintOf(comparedFields(method)) }),
  };
}

/** Places the order of a paid snapshot; refunds the payment when it cannot be placed. */
async function place(
  deps: PurchaseDeps,
  caller: Caller,
  userId: string,
  lock: Lock,
  snapshot: PurchaseSnapshot,
  result: PaymentResult,
): Promise<PaymentAnswer> {
  // Accepted without being decided (an ACH debit): placed Processing, settled by its job.
  const pending = result.pending === true;
  const payment: OrderPayment = { ...snapshot.payment, transactionId: result.transactionId, pending };
  try {
    const order = await deps.db.transaction().execute(async (trx) => {
      const rows = await cartRowsById(trx, userId, snapshot.cartItemIds);
      if (rows.length !== snapshot.cartItemIds.length) throw new Error('a paid cart item is gone');
      // What changed since the check before the charge (a link removed meanwhile): refunded.
      const [problem] = await linkRefusals(trx, caller, rows);
      if (problem) throw new OrderConflict(problem);
      const placed = await placeOrder(trx, {
        purchaser: {
          userId,
          username: caller.username,
          roleGroup: caller.roleGroup,
          ...snapshot.purchaser,
        },
        rows,
        price: snapshot.price,
        payment,
        discountIds: snapshot.discountIds,
        now: deps.now(),
      });
      await markDone(trx, userId, lock.purchaseId, { ...result, orderId: placed.orderId }, snapshot);
      // The receipt e-mail is a job of the order's own transaction: sent after the answer (its PDF
      // and SMTP are not the buyer's wait), retried if it fails, never lost on a restart. A pending
      // payment's is sent when it settles: the settlement job, queued here, asks until it does.
      if (pending) {
        await enqueueSettlement(
          trx,
          {
            orderId: placed.orderId,
            purchaserId: userId,
            // The codes whose usage the order counted: given back if the payment comes back.
            discountIds: snapshot.price.usedDiscountIds,
          },
          deps.now(),
        );
      } else if (snapshot.purchaser.email) {
        await enqueue(trx, {
          kind: SEND_RECEIPT,
          payload: { orderId: placed.orderId },
          ownerId: caller.userId,
        });
      }
      return placed;
    });
    deps.jobs.wake();
    return {
      success: true,
      ...order,
      transactionId: result.transactionId,
      displayText: result.displayText,
      ...(pending ? { pending: true as const } : {}),
    };
  } catch (error) {
    if (payment.method === null || !result.transactionId) {
      await releasePurchaseLock(deps.db, userId, lock);
      // Nothing was charged; the cart changed since it was checked (a paid order says so and refunds).
      if (error instanceof OrderConflict) throw conflict(error.message);
      throw error;
    }
    const refund = await deps.payments.refund({
      idempotencyKey: `${lock.purchaseId}:refund`,
      transactionId: result.transactionId,
      amountCents: snapshot.price.totalCents,
    });
    if (!refund.success) {
      // Left `charged`: the next attempt tries to place it again; the logs name it for support.
      deps.log.error(
        { err: error, userId, transactionId: result.transactionId, refund: refund.displayText },
        'charged, the order could not be placed and the refund failed',
      );
      throw error;
    }
    deps.log.warn({ err: error, userId, transactionId: result.transactionId }, 'order not placed: refunded');
    await releasePurchaseLock(deps.db, userId, lock);
    const reason =
      error instanceof Error && error.name === 'OrderConflict' ? error.message : PURCHASE_MESSAGES.ourError;
    throw conflict(PURCHASE_MESSAGES.refunded(reason));
  }
}

/**
 * The purchase (specs/1-foundation.md §4 "Checkout", issue 10 "Payments"): card, ACH, or free for a
 * zero total, once only (purchase-lock.ts): the lock is taken before the cart is read; what is paid
 * for is fixed in a snapshot before the processor is called, and the order is placed from it; an
 * order that cannot be placed after the charge is refunded. `method` is checked already (its form's
 * rules); `expectedTotal` is the total the page showed, in dollars (a check, never the amount).
 */
export async function purchaseCart(
  deps: PurchaseDeps,
  caller: Caller,
  userId: string,
  method: PaymentMethod,
  expectedTotal?: number,
): Promise<PaymentAnswer> {
  const lock = await takePurchaseLock(deps.db, userId);
  if (!lock) throw conflict(PURCHASE_MESSAGES.running);
  if (lock.resume?.state === 'charged') {
    // Charged by an attempt that could not finish: its order, no second charge.
    const { snapshot, transactionId, displayText, pending } = lock.resume;
    return place(deps, caller, userId, lock, snapshot, {
      success: true,
      transactionId,
      displayText,
      pending,
    });
  }
  let snapshot: PurchaseSnapshot;
  if (lock.resume) {
    snapshot = lock.resume.snapshot;
    const unconfirmed = snapshot.payment.method ?? 'free';
    if (unconfirmed !== method.kind) {
      // Asking again needs the same kind of payment (the processor matches it to the key).
      await markUnconfirmed(deps.db, userId, lock.purchaseId);
      throw conflict(PURCHASE_MESSAGES.otherMethod(unconfirmed));
    }
    // And the same card or account and billing: the processor takes other details for a new charge
    // (the first would be neither placed nor refunded).
    if (
      method.kind !== 'free' &&
      snapshot.fingerprint &&
      !(await samePayment(comparedFields(method), snapshot.fingerprint))
    ) {
      await markUnconfirmed(deps.db, userId, lock.purchaseId);
      throw conflict(PURCHASE_MESSAGES.otherPayment(method.kind, snapshot.payment.last4 ?? ''));
    }
  } else {
    let fixed: PaymentAnswer | PurchaseSnapshot;
    try {
      fixed = await snapshotOf(deps, caller, userId, method, expectedTotal);
    } catch (error) {
      await releasePurchaseLock(deps.db, userId, lock);
      throw error;
    }
    if ('success' in fixed) {
      await releasePurchaseLock(deps.db, userId, lock);
      return fixed;
    }
    snapshot = fixed;
  }

  if (method.kind === 'free') {
    return place(deps, caller, userId, lock, snapshot, {
      success: true,
      transactionId: null,
      displayText: MESSAGES.orderCompleted,
    });
  }
  await markCharging(deps.db, userId, lock.purchaseId, snapshot);
  const description = `POP Documents order of ${snapshot.cartItemIds.length} item(s)`;
  let result: PaymentResult;
  try {
    result = await charge(deps, method, lock, snapshot.price.totalCents, description);
  } catch (error) {
    // Unknown outcome: kept `charging`; the next attempt asks again with the same key.
    await markUnconfirmed(deps.db, userId, lock.purchaseId);
    deps.log.error({ err: error, userId }, 'the payment gateway did not answer');
    throw new HttpError(503, PURCHASE_MESSAGES.unconfirmed);
  }
  if (!result.success) {
    // Declined: nothing changes here (the processor keeps its record of the attempt).
    deps.log.info(
      { userId, transactionId: result.transactionId, reason: result.displayText },
      'payment declined',
    );
    await releasePurchaseLock(deps.db, userId, lock);
    return {
      success: false,
      transactionId: result.transactionId,
      displayText: result.displayText,
      orderId: null,
      orderNumber: null,
    };
  }
  await markCharged(deps.db, userId, lock.purchaseId, result);
  return place(deps, caller, userId, lock, snapshot, result);
}
