import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueue, type NewJob } from '../../jobs/queue.js';
import { PermanentJobError } from '../../jobs/runner.js';
import type { PaymentGateway, SettlementState, TransactionStatus } from '../../payments/gateway.js';
import { markReturned, markSettled, type AskedIn, type SettlingOrder } from './settled-documents.js';

/**
 * The settlement of a payment the processor accepted without deciding it (README "Settlement"; an ACH
 * debit settles, or comes back, days later): the `settle-payment` job of an order placed Processing
 * asks `PaymentGateway.transactionStatus` and
 * - pending, not found (`unknown`), or no answer: asks again `checkEveryMs` later (a new job, keyed by
 *   the order and the question's number, so a job run twice queues the next one once); past
 *   SETTLEMENT_GIVE_UP_MS the job fails for good (its `last_error` says why) and the order stays
 *   Processing for support;
 * - settled: the order is paid, its documents Paid, their purchase items closed, the receipt e-mailed;
 *   an ACH debit is then watched: asked once a day (RETURN_CHECK_EVERY_MS) until ACH_RETURN_WINDOW_MS
 *   after it settled, and a return in that window reverses it as below;
 * - returned, declined, voided or refunded (explicit answers only): the order and its items returned
 *   (not sales), the promo codes' usage given back, its documents Unpaid, an action item for the
 *   purchaser to pay each again, and an e-mail saying so.
 * Each outcome is one transaction that starts by moving the order out of the state it was asked in
 * (`pending`, or `settled` while watched), so it happens once per order, whichever job or worker gets
 * there first.
 */
export const SETTLE_PAYMENT = 'settle-payment';

export interface SettlementPayload {
  orderId: string;
  /** The question's number (1 for the first): the next job's key. */
  check: number;
  /** The promo codes whose usage the order counted (placeOrder): given back on a return. */
  discountIds?: string[];
  /**
   * A question of the return window (a settled ACH debit), not of the settlement: a chain of its own,
   * started once by the settlement's transaction, so duplicates of the first chain end there.
   */
  watchReturns?: true;
}

const DAY_MS = 24 * 60 * 60_000;
/** A processor voids an authorisation that has not settled within 30 days: nothing is pending longer. */
export const SETTLEMENT_GIVE_UP_MS = 30 * DAY_MS;
/**
 * How long a settled ACH debit is still watched for a return (decision, README "Settlement"): the
 * returns a bank sends for a debit it cannot pay (closed account, insufficient funds: R01–R04…) come
 * within two banking days of settlement, so 10 calendar days cover them with weekends and holidays.
 * A consumer's unauthorized-debit return (up to 60 days) comes later still: support handles it.
 */
export const ACH_RETURN_WINDOW_MS = 10 * DAY_MS;
/** How often a settled ACH debit is asked about within its return window. */
export const RETURN_CHECK_EVERY_MS = DAY_MS;

/** What the job needs: the database, the processor, the links' base, how long between two questions. */
export interface SettlementDeps {
  db: Kysely<Database>;
  payments: PaymentGateway;
  appUrl: string;
  checkEveryMs: number;
}

export type SettlementResult =
  | { orderId: string; outcome: 'pending' | 'unknown'; nextCheckAt: string }
  | { orderId: string; outcome: 'unanswered'; nextCheckAt: string; error: string }
  /** Settled; an ACH debit is watched for a return until `watchedUntil`. */
  | { orderId: string; outcome: 'settled'; displayText: string; watchedUntil?: string }
  | { orderId: string; outcome: 'returned'; displayText: string }
  /** A settled ACH debit asked about in its return window: not returned (yet). */
  | { orderId: string; outcome: 'not returned'; nextCheckAt: string | null }
  /** Settled or returned already (by another job or worker), or no longer watched. */
  | { orderId: string; outcome: 'done already'; settlement: string | null };

/**
 * The `settle-payment` job asking its `check`th question about an order, due at `dueAt`; keyed
 * `settle-payment:{orderId}:{check}`, or `…:returns:{check}` in the return window.
 */
export function settlementJob(
  orderId: string,
  ownerId: string,
  check: number,
  dueAt: Date,
  more: Pick<SettlementPayload, 'discountIds' | 'watchReturns'> = {},
): NewJob {
  const { discountIds = [], watchReturns } = more;
  return {
    kind: SETTLE_PAYMENT,
    payload: {
      orderId,
      check,
      ...(discountIds.length > 0 && { discountIds }),
      ...(watchReturns && { watchReturns }),
    } satisfies SettlementPayload,
    dueAt,
    uniqueKey: `${SETTLE_PAYMENT}:${orderId}:${watchReturns ? 'returns:' : ''}${check}`,
    ownerId,
  };
}

/** Queues the first question about an order placed Processing, inside the order's transaction. */
export async function enqueueSettlement(
  trx: Kysely<Database>,
  order: { orderId: string; purchaserId: string; discountIds: string[] },
  now: Date,
): Promise<void> {
  await enqueue(
    trx,
    settlementJob(order.orderId, order.purchaserId, 1, now, { discountIds: order.discountIds }),
    now,
  );
}

/** The `settle-payment` job (see the top of this file). */
export async function settlePayment(
  deps: SettlementDeps,
  payload: SettlementPayload,
  now: Date,
): Promise<SettlementResult> {
  const { orderId } = payload;
  const order: SettlingOrder | undefined = await deps.db
    .selectFrom('orders')
    .select([
      'order_id',
      'order_number',
      'user_id',
      'ordered_by',
      'ordered_by_email',
      'transaction_id',
      'payment_method',
      'payment_brand',
      'payment_last4',
      'total_cents',
      'created_at',
      'paid_at',
      'settlement',
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new PermanentJobError(`order ${orderId} does not exist`);
  const watched = payload.watchReturns === true;
  if (order.settlement !== (watched ? 'settled' : 'pending') || (watched && !order.paid_at))
    return { orderId, outcome: 'done already', settlement: order.settlement };
  if (!order.transaction_id) throw new PermanentJobError(`order ${orderId} has no transaction to ask about`);

  let answer: Answer;
  try {
    answer = { status: await deps.payments.transactionStatus(order.transaction_id) };
  } catch (thrown) {
    // The processor could not be asked: asked again at the next interval (a retry's backoff would
    // spend the job's attempts on an outage of a few minutes).
    answer = { error: thrown instanceof Error ? thrown.message : String(thrown) };
  }
  const question = { deps, order: { ...order, transaction_id: order.transaction_id }, payload, now };
  return watched ? watchForReturn(question, answer) : settleOrAskAgain(question, answer);
}

/** What the processor answered, or why it could not be asked. */
type Answer = { status: TransactionStatus; error?: undefined } | { status?: undefined; error: string };

interface Question {
  deps: SettlementDeps;
  order: SettlingOrder & { transaction_id: string };
  payload: SettlementPayload;
  now: Date;
}

/** The next question of the same chain, due at `dueAt`. */
const askAgain = ({ deps, order, payload, now }: Question, dueAt: Date) =>
  enqueue(
    deps.db,
    settlementJob(order.order_id, order.user_id, payload.check + 1, dueAt, {
      discountIds: payload.discountIds,
      watchReturns: payload.watchReturns,
    }),
    now,
  );

/** A pending order: settled, returned, or asked again until SETTLEMENT_GIVE_UP_MS. */
async function settleOrAskAgain(question: Question, { status, error }: Answer): Promise<SettlementResult> {
  const { deps, order, payload, now } = question;
  const orderId = order.order_id;
  if (status && (status.state === 'settled' || isRefusal(status.state))) {
    const settled = status.state === 'settled';
    const changed = settled
      ? await settle(deps, order, payload, now)
      : await returnPayment(deps, order, 'pending', status.displayText, payload, now);
    if (!changed) return { orderId, outcome: 'done already', settlement: 'settled or returned' };
    if (!settled) return { orderId, outcome: 'returned', displayText: status.displayText };
    return {
      orderId,
      outcome: 'settled',
      displayText: status.displayText,
      ...(order.payment_method === 'ach' && {
        watchedUntil: new Date(now.getTime() + ACH_RETURN_WINDOW_MS).toISOString(),
      }),
    };
  }
  // Pending, not found, or no answer: asked again, for at most SETTLEMENT_GIVE_UP_MS.
  const transaction = order.transaction_id;
  if (now.getTime() - Date.parse(order.created_at) > SETTLEMENT_GIVE_UP_MS) {
    const lastAnswer =
      status?.state === 'unknown'
        ? `the processor does not find transaction ${transaction}`
        : status
          ? `transaction ${transaction} is still pending`
          : `the processor could not be asked about transaction ${transaction} (${error})`;
    throw new PermanentJobError(
      `the payment of order ${order.order_number} is not settled after 30 days (${lastAnswer}): ask the processor, then settle the order by hand`,
    );
  }
  const dueAt = new Date(now.getTime() + deps.checkEveryMs);
  await askAgain(question, dueAt);
  const nextCheckAt = dueAt.toISOString();
  if (!status) return { orderId, outcome: 'unanswered', nextCheckAt, error };
  return { orderId, outcome: status.state === 'unknown' ? 'unknown' : 'pending', nextCheckAt };
}

/**
 * A settled ACH debit in its return window: a return reverses it; anything else but another refusal
 * (which support looks at) is asked again a day later, until the window ends.
 */
async function watchForReturn(question: Question, { status, error }: Answer): Promise<SettlementResult> {
  const { deps, order, payload, now } = question;
  const orderId = order.order_id;
  if (status?.state === 'returned') {
    const changed = await returnPayment(deps, order, 'settled', status.displayText, payload, now);
    return changed
      ? { orderId, outcome: 'returned', displayText: status.displayText }
      : { orderId, outcome: 'done already', settlement: 'returned' };
  }
  if (status && isRefusal(status.state)) {
    throw new PermanentJobError(
      `the settled payment of order ${order.order_number} (transaction ${order.transaction_id}) now reads ${status.state} at the processor: check it there, then settle the order by hand`,
    );
  }
  const windowEnd = Date.parse(order.paid_at!) + ACH_RETURN_WINDOW_MS;
  if (now.getTime() < windowEnd) {
    const dueAt = new Date(Math.min(now.getTime() + RETURN_CHECK_EVERY_MS, windowEnd));
    await askAgain(question, dueAt);
    return { orderId, outcome: 'not returned', nextCheckAt: dueAt.toISOString() };
  }
  if (!status || status.state === 'unknown') {
    throw new PermanentJobError(
      `the return window of order ${order.order_number} ended without an answer (transaction ${order.transaction_id}: ${error ?? status!.displayText}): ask the processor whether the debit came back`,
    );
  }
  return { orderId, outcome: 'not returned', nextCheckAt: null };
}

/**
 * An explicit refusal of the money: a return, a decline after review, a void, a refund. Not found
 * (`unknown`) is no answer: it never makes a paid order unpaid.
 */
const isRefusal = (state: SettlementState) =>
  state === 'returned' || state === 'declined' || state === 'voided' || state === 'refunded';

/** Settled: the order paid, in one transaction that starts by moving it out of `pending`. */
async function settle(
  deps: SettlementDeps,
  order: SettlingOrder,
  payload: SettlementPayload,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ settlement: 'settled', paid_at: now.toISOString() })
      .where('order_id', '=', order.order_id)
      .where('settlement', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await markSettled(trx, order, now);
    // A bank debit can still come back: asked once a day for its return window.
    if (order.payment_method === 'ach') {
      const dueAt = new Date(now.getTime() + RETURN_CHECK_EVERY_MS);
      await enqueue(
        trx,
        settlementJob(order.order_id, order.user_id, payload.check + 1, dueAt, {
          discountIds: payload.discountIds,
          watchReturns: true,
        }),
        now,
      );
    }
    return true;
  });
}

/**
 * Returned (or declined, voided, refunded): one transaction that starts by moving the order out of
 * the state it was asked in (`pending`, or `settled` for a debit returned after it settled), so it
 * happens once whichever job or worker gets there first.
 */
async function returnPayment(
  deps: SettlementDeps,
  order: SettlingOrder,
  from: AskedIn,
  reason: string,
  payload: SettlementPayload,
  now: Date,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ settlement: 'returned', settlement_text: reason })
      .where('order_id', '=', order.order_id)
      .where('settlement', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await markReturned(
      trx,
      deps.appUrl,
      order,
      { from, reason, discountIds: payload.discountIds ?? [] },
      now,
    );
    return true;
  });
}
