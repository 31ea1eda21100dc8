import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PurchaseTable } from '../../db/schema.js';
import type { CartPrice } from '../cart/pricing.js';
import type { PaymentFingerprint } from './fingerprint.js';

/**
 * The purchase lock: one row per user (migration 0013). A purchase takes it before it reads the
 * cart, so a second Process Payment while the first runs is refused (409) and the cart cannot change
 * under a charge. States:
 * - `running`: the cart is being read and checked; nothing has been sent to the processor. A refusal
 *   puts the row back as it was. Taken over after STALE_MS (a process that died).
 * - `charging`: the snapshot is stored and the processor called with the lock's `purchase_id` as the
 *   idempotency key. A call that throws leaves it so (the outcome is unknown): the next attempt asks
 *   again with the same key, the snapshot's amount and the same card or account (its fingerprint),
 *   and the processor answers what it did.
 * - `charged`: approved; the order is placed from the snapshot. Taken over after STALE_MS (a process
 *   that died before placing it): the order is placed without charging again.
 * - `done`: the order is placed.
 * The cart stays locked in `charging` and `charged` however old: they are settled by a purchase only.
 */
export const STALE_MS = 5 * 60 * 1000;
/** After a purchase, a repeated submission (an empty cart) answers its order for this long. */
export const REPLAY_MS = 10 * 60 * 1000;

/** What a purchase pays for, fixed before the processor is called (no card or account data). */
export interface PurchaseSnapshot {
  cartItemIds: string[];
  price: CartPrice;
  /** The codes applied when the cart was priced (the order takes these off the cart, no others). */
  discountIds: string[];
  payment: { method: 'card' | 'ach' | null; brand: string | null; last4: string | null };
  purchaser: { name: string; email: string };
  /**
   * The card or account and billing the processor was called with (fingerprint.ts; never the
   * numbers): a resumed attempt must send the same, or the processor charges again. Absent for a free
   * order, and dropped once the purchase is settled (`done`).
   */
  fingerprint?: PaymentFingerprint;
}

/** The snapshot as a settled purchase keeps it: without the payment's fingerprint. */
const settledSnapshot = (snapshot: PurchaseSnapshot): string => {
  const { fingerprint: _dropped, ...kept } = snapshot;
  return JSON.stringify(kept);
};

type PurchaseRow = Selectable<PurchaseTable>;

export interface Lock {
  purchaseId: string;
  /** The row as it was before this attempt: an attempt refused or declined puts it back. */
  previous: PurchaseRow | undefined;
  /** An unsettled earlier attempt this one finishes (its snapshot; its answer once charged). */
  resume:
    | { state: 'charging'; snapshot: PurchaseSnapshot }
    | {
        state: 'charged';
        snapshot: PurchaseSnapshot;
        transactionId: string | null;
        displayText: string;
        /** Accepted without being decided (an ACH debit): its order is placed Processing. */
        pending: boolean;
      }
    | null;
}

const staleBefore = () => new Date(Date.now() - STALE_MS).toISOString();
/** A `started_at` that reads as stale at once: the next attempt may settle it immediately. */
const LONG_AGO = '1970-01-01T00:00:00.000Z';

/** Takes the user's purchase lock, or answers undefined when a purchase of theirs is under way. */
export async function takePurchaseLock(db: Kysely<Database>, userId: string): Promise<Lock | undefined> {
  const now = new Date().toISOString();
  const current = await db
    .selectFrom('purchase')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (current?.state === 'charging' || current?.state === 'charged') {
    if (current.started_at >= staleBefore()) return undefined;
    // Settle it: the same purchase (its key), claimed by this attempt alone.
    const claimed = await db
      .updateTable('purchase')
      .set({ started_at: now })
      .where('user_id', '=', userId)
      .where('purchase_id', '=', current.purchase_id)
      .where('state', '=', current.state)
      .where('started_at', '=', current.started_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    const snapshot = JSON.parse(current.snapshot!) as PurchaseSnapshot;
    return {
      purchaseId: current.purchase_id,
      previous: current,
      resume:
        current.state === 'charging'
          ? { state: 'charging', snapshot }
          : {
              state: 'charged',
              snapshot,
              transactionId: current.transaction_id,
              displayText: current.display_text ?? '',
              pending: Number(current.pending) === 1,
            },
    };
  }
  const purchaseId = randomUUID();
  const fresh = {
    purchase_id: purchaseId,
    state: 'running' as const,
    started_at: now,
    finished_at: null,
    snapshot: null,
    transaction_id: null,
    display_text: null,
    order_id: null,
    pending: 0,
  };
  const taken = await db
    .insertInto('purchase')
    .values({ user_id: userId, ...fresh })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet(fresh)
        .where((eb) =>
          eb.or([
            eb('purchase.state', '=', 'done'),
            eb.and([eb('purchase.state', '=', 'running'), eb('purchase.started_at', '<', staleBefore())]),
          ]),
        ),
    )
    .returning('purchase_id')
    .executeTakeFirst();
  return taken?.purchase_id === purchaseId ? { purchaseId, previous: current, resume: null } : undefined;
}

/**
 * Gives the lock back as it was before the attempt (refused before any charge, declined, or
 * refunded): a failed attempt leaves nothing behind.
 */
export async function releasePurchaseLock(db: Kysely<Database>, userId: string, lock: Lock): Promise<void> {
  const mine = db
    .updateTable('purchase')
    .where('user_id', '=', userId)
    .where('purchase_id', '=', lock.purchaseId);
  if (lock.previous && !lock.resume) {
    const { user_id: _userId, ...previous } = lock.previous;
    await mine.set(previous).execute();
  } else if (lock.resume) {
    // A settled earlier attempt (declined or refunded on the retry): nothing is owed any more.
    await mine
      .set({
        state: 'done',
        finished_at: new Date().toISOString(),
        snapshot: settledSnapshot(lock.resume.snapshot),
      })
      .execute();
  } else {
    await db
      .deleteFrom('purchase')
      .where('user_id', '=', userId)
      .where('purchase_id', '=', lock.purchaseId)
      .execute();
  }
}

/** Whether a purchase of this user is under way or unsettled (the cart's writes wait for it). */
export async function purchaseRunning(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('purchase')
    .select('purchase_id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['charging', 'charged']),
        eb.and([eb('state', '=', 'running'), eb('started_at', '>=', staleBefore())]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** `charging`: the snapshot is stored before the processor is called. */
export async function markCharging(
  db: Kysely<Database>,
  userId: string,
  purchaseId: string,
  snapshot: PurchaseSnapshot,
): Promise<void> {
  await db
    .updateTable('purchase')
    .set({ state: 'charging', snapshot: JSON.stringify(snapshot) })
    .where('user_id', '=', userId)
    .where('purchase_id', '=', purchaseId)
    .execute();
}

/** The processor's call threw: still `charging`, and open to the next attempt at once. */
export async function markUnconfirmed(
  db: Kysely<Database>,
  userId: string,
  purchaseId: string,
): Promise<void> {
  await db
    .updateTable('purchase')
    .set({ started_at: LONG_AGO })
    .where('user_id', '=', userId)
    .where('purchase_id', '=', purchaseId)
    .execute();
}

export async function markCharged(
  db: Kysely<Database>,
  userId: string,
  purchaseId: string,
  result: { transactionId: string | null; displayText: string; pending?: boolean },
): Promise<void> {
  await db
    .updateTable('purchase')
    .set({
      state: 'charged',
      transaction_id: result.transactionId,
      display_text: result.displayText,
      pending: result.pending ? 1 : 0,
    })
    .where('user_id', '=', userId)
    .where('purchase_id', '=', purchaseId)
    .execute();
}

export async function markDone(
  db: Kysely<Database>,
  userId: string,
  purchaseId: string,
  result: { transactionId: string | null; displayText: string; orderId: string },
  snapshot: PurchaseSnapshot,
): Promise<void> {
  await db
    .updateTable('purchase')
    .set({
      state: 'done',
      finished_at: new Date().toISOString(),
      snapshot: settledSnapshot(snapshot),
      transaction_id: result.transactionId,
      display_text: result.displayText,
      order_id: result.orderId,
    })
    .where('user_id', '=', userId)
    .where('purchase_id', '=', purchaseId)
    .execute();
}

/** The user's latest order within REPLAY_MS: what a repeated submission (an empty cart) answers. */
export async function recentOrder(db: Kysely<Database>, userId: string) {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('purchase as p', (join) => join.onRef('p.order_id', '=', 'o.order_id'))
    .select(['o.order_id', 'o.order_number', 'o.transaction_id', 'o.settlement', 'p.display_text'])
    .where('o.user_id', '=', userId)
    .where('o.created_at', '>=', new Date(Date.now() - REPLAY_MS).toISOString())
    .orderBy('o.created_at', 'desc')
    .executeTakeFirst();
  return (
    order && {
      orderId: order.order_id,
      orderNumber: order.order_number,
      transactionId: order.transaction_id,
      displayText: order.display_text ?? '',
      // Still settling: the answer says so again.
      ...(order.settlement === 'pending' ? { pending: true as const } : {}),
    }
  );
}
