import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PurchaseState, PurchaseTable } from '../../db/schema.js';

/**
 * The purchase lock: one row per user (migration 0013). A purchase takes it before it reads the
 * cart and charges, so a second Process Payment while the first runs is refused (409) and the cart
 * cannot change under a charge. A lock left by a process that died is taken over after STALE_MS,
 * far longer than any processor call: a `charged` one is then finished without charging again.
 */
export const STALE_MS = 5 * 60 * 1000;
/** After a purchase, a repeated submission (an empty cart) answers its result for this long. */
export const REPLAY_MS = 10 * 60 * 1000;

export const LOCK_MESSAGES = {
  running:
    'Your order is already being processed. Please wait for it to finish; you will not be charged twice.',
} as const;

type PurchaseRow = Selectable<PurchaseTable>;

export interface Lock {
  purchaseId: string;
  /** The row as it was before this attempt: an attempt refused or declined puts it back. */
  previous: PurchaseRow | undefined;
  /** A stale lock whose charge went through: finish its order, do not charge again. */
  charged: { transactionId: string | null; displayText: string } | null;
}

const staleBefore = () => new Date(Date.now() - STALE_MS).toISOString();

/** Takes the user's purchase lock, or answers undefined when a purchase of theirs is under way. */
export async function takePurchaseLock(db: Kysely<Database>, userId: string): Promise<Lock | undefined> {
  const now = new Date().toISOString();
  const current = await db
    .selectFrom('purchase')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (current?.state === 'charged') {
    if (current.started_at >= staleBefore()) return undefined;
    const claimed = await db
      .updateTable('purchase')
      .set({ started_at: now })
      .where('user_id', '=', userId)
      .where('purchase_id', '=', current.purchase_id)
      .where('state', '=', 'charged')
      .where('started_at', '=', current.started_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    return {
      purchaseId: current.purchase_id,
      previous: current,
      charged: { transactionId: current.transaction_id, displayText: current.display_text ?? '' },
    };
  }
  const purchaseId = randomUUID();
  const fresh = {
    purchase_id: purchaseId,
    state: 'running' as const,
    started_at: now,
    finished_at: null,
    transaction_id: null,
    display_text: null,
    order_id: null,
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
  return taken?.purchase_id === purchaseId ? { purchaseId, previous: current, charged: null } : undefined;
}

/**
 * Gives the lock back as it was before the attempt (refused before any charge, or declined): a
 * failed attempt leaves nothing behind, and the last order stays the one a repeat answers.
 */
export async function releasePurchaseLock(db: Kysely<Database>, userId: string, lock: Lock): Promise<void> {
  if (lock.previous) {
    const { user_id: _userId, ...previous } = lock.previous;
    await db
      .updateTable('purchase')
      .set(previous)
      .where('user_id', '=', userId)
      .where('purchase_id', '=', lock.purchaseId)
      .execute();
  } else {
    await db
      .deleteFrom('purchase')
      .where('user_id', '=', userId)
      .where('purchase_id', '=', lock.purchaseId)
      .execute();
  }
}

/** Whether a purchase of this user is under way (the cart's writes wait for it). */
export async function purchaseRunning(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('purchase')
    .select('purchase_id')
    .where('user_id', '=', userId)
    .where('state', 'in', ['running', 'charged'])
    .where('started_at', '>=', staleBefore())
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the lock's next state (only while this purchase holds it). */
export async function settlePurchase(
  db: Kysely<Database>,
  userId: string,
  purchaseId: string,
  state: Exclude<PurchaseState, 'running'>,
  fields: { transactionId?: string | null; displayText?: string; orderId?: string } = {},
): Promise<void> {
  await db
    .updateTable('purchase')
    .set({
      state,
      ...(state === 'charged' ? {} : { finished_at: new Date().toISOString() }),
      ...(fields.transactionId !== undefined ? { transaction_id: fields.transactionId } : {}),
      ...(fields.displayText !== undefined ? { display_text: fields.displayText } : {}),
      ...(fields.orderId !== undefined ? { order_id: fields.orderId } : {}),
    })
    .where('user_id', '=', userId)
    .where('purchase_id', '=', purchaseId)
    .execute();
}

/** The order of the lock's previous attempt when it ended with one within REPLAY_MS (a repeat's answer). */
export async function recentOrder(db: Kysely<Database>, lock: Lock) {
  const previous = lock.previous;
  if (previous?.state !== 'done' || !previous.order_id || !previous.finished_at) return undefined;
  if (previous.finished_at < new Date(Date.now() - REPLAY_MS).toISOString()) return undefined;
  const order = await db
    .selectFrom('orders')
    .select('order_number')
    .where('order_id', '=', previous.order_id)
    .executeTakeFirst();
  return (
    order && {
      orderId: previous.order_id,
      orderNumber: order.order_number,
      transactionId: previous.transaction_id,
      displayText: previous.display_text ?? '',
    }
  );
}
