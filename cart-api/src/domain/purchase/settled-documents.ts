/**
 * What a payment's settlement does to its order's documents (settlement.ts asks the processor; README
 * "Settlement"), inside the transaction that moved the order: settled, the documents Paid and the
 * receipt; returned, the documents Unpaid, an item and an e-mail to pay again.
 */
import { sql, type Kysely } from 'kysely';
import { formatCents } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { enqueue } from '../../jobs/queue.js';
import { enqueueMail, plainMessage } from '../../mail/outgoing.js';
import { addActionItems } from '../action-items/add.js';
import { closeActionItemsFor } from '../action-items/closure.js';
import { logDocumentChange } from '../clients/change-log.js';
import { SEND_RECEIPT } from '../orders/receipt-mail.js';
import { paymentLine } from '../orders/receipt.js';
import { PURCHASE_MESSAGES } from './messages.js';

const TEXT = PURCHASE_MESSAGES.settlement;

/** The order as the settlement reads it. */
export type SettlingOrder = {
  order_id: string;
  order_number: string;
  user_id: string;
  ordered_by: string;
  ordered_by_email: string;
  transaction_id: string | null;
  payment_method: string | null;
  payment_brand: string | null;
  payment_last4: string | null;
  total_cents: number;
  created_at: string;
  paid_at: string | null;
  settlement: string | null;
};

/** The state the order is asked about in: before settlement, or settled and watched for a return. */
export type AskedIn = 'pending' | 'settled';

/** The order's items with their documents and client companies. */
function orderLines(trx: Kysely<Database>, orderId: string) {
  return trx
    .selectFrom('order_item as i')
    .leftJoin('company as c', 'c.company_id', 'i.client_company_id')
    .select(['i.document_id', 'i.display_text', 'c.name as company'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.order_item_id')
    .execute();
}

/**
 * What the settlement did to one document of the order: `moved` from the status the order gave it
 * (Processing, or Paid once settled) to the new one, active; `deactivated` meanwhile (Deactivate, a
 * Colonial no-pay reason), so only the status Reactivate gives back changed; `untouched` when the
 * order no longer decides its status (bought again by a later order after a deactivation).
 */
type DocumentSettlement = 'moved' | 'deactivated' | 'untouched';

async function settleDocument(
  trx: Kysely<Database>,
  order: SettlingOrder,
  documentId: string,
  from: 'Processing' | 'Paid',
  to: 'Paid' | 'Unpaid',
): Promise<DocumentSettlement> {
  const later = await trx
    .selectFrom('order_item as i')
    .innerJoin('orders as o', 'o.order_id', 'i.order_id')
    .select('o.order_id')
    .where('i.document_id', '=', documentId)
    .where('i.returned', '=', 0)
    .where('o.order_id', '!=', order.order_id)
    .where('o.created_at', '>=', order.created_at)
    .executeTakeFirst();
  if (later) return 'untouched';
  const moved = await trx
    .updateTable('epop_document')
    .set({ status: to })
    .where('document_id', '=', documentId)
    .where('status', '=', from)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return 'moved';
  const kept = await trx
    .updateTable('epop_document')
    .set({ status_before_inactive: to })
    .where('document_id', '=', documentId)
    .where('active', '=', 0)
    .where('status_before_inactive', '=', from)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) === 1 ? 'deactivated' : 'untouched';
}

const SYSTEM = { userId: 'POP Documents', username: 'POP Documents' };

export async function markSettled(trx: Kysely<Database>, order: SettlingOrder, now: Date): Promise<void> {
  for (const line of await orderLines(trx, order.order_id)) {
    if (!line.document_id) continue;
    const settled = await settleDocument(trx, order, line.document_id, 'Processing', 'Paid');
    if (settled === 'untouched') continue;
    // Its purchase items are done only when it is Paid and active: a document deactivated meanwhile
    // keeps the items its deactivation made (buying it again is how it comes back).
    if (settled === 'moved') await closeActionItemsFor(trx, line.document_id, 'paid', now);
    await logDocumentChange(trx, {
      documentId: line.document_id,
      caller: SYSTEM,
      describe: (document) =>
        `${document} ${settled === 'moved' ? TEXT.logSettled(order.order_number) : TEXT.logSettledInactive(order.order_number)}`,
      at: now.toISOString(),
    });
  }
  // The receipt now the money has moved (the purchase sent none), once (its key).
  if (order.ordered_by_email) {
    await enqueue(
      trx,
      {
        kind: SEND_RECEIPT,
        payload: { orderId: order.order_id },
        uniqueKey: `${SEND_RECEIPT}:${order.order_id}`,
        ownerId: order.user_id,
      },
      now,
    );
  }
}

/**
 * A returned payment, before or after it settled (`from`): the order's items not sales, the promo
 * codes' usage given back, each document the order still decides Unpaid with an item to pay it again
 * (one deactivated meanwhile keeps its deactivation's items and comes back Unpaid if reactivated),
 * and the e-mail. The employer an invitation linked to the client company stays linked: they are the
 * client's user, and pay again from their item (README "Settlement").
 */
export async function markReturned(
  trx: Kysely<Database>,
  appUrl: string,
  order: SettlingOrder,
  returned: { from: AskedIn; reason: string; discountIds: string[] },
  now: Date,
): Promise<void> {
  const { reason } = returned;
  const ach = order.payment_method === 'ach';
  // Not sales: the reports leave returned items out.
  await trx.updateTable('order_item').set({ returned: 1 }).where('order_id', '=', order.order_id).execute();
  // The codes' usage counts paid orders: this one is not (once: the order moved out of its state).
  if (returned.discountIds.length > 0) {
    await trx
      .updateTable('discount')
      .set({ usage: sql`usage - 1` })
      .where('discount_id', 'in', returned.discountIds)
      .where('usage', '>', 0)
      .execute();
  }
  const from = returned.from === 'pending' ? 'Processing' : 'Paid';
  const unpaid: { documentId: string; company: string }[] = [];
  for (const line of await orderLines(trx, order.order_id)) {
    if (!line.document_id) continue;
    const settled = await settleDocument(trx, order, line.document_id, from, 'Unpaid');
    if (settled === 'untouched') continue;
    const company = line.company ?? line.display_text;
    if (settled === 'moved') unpaid.push({ documentId: line.document_id, company });
    await logDocumentChange(trx, {
      documentId: line.document_id,
      caller: SYSTEM,
      describe: (document) =>
        `${document} ${
          settled === 'moved'
            ? TEXT.logReturned(order.order_number, reason, ach)
            : TEXT.logReturnedInactive(order.order_number, reason, ach)
        }`,
      at: now.toISOString(),
    });
  }
  // The purchaser pays again through the cart, from an action item as after a deactivation.
  await addActionItems(
    trx,
    unpaid.map(({ documentId, company }) => ({
      userId: order.user_id,
      itemType: 'unpaid-pop-action-item' as const,
      description: TEXT.payAgain(company, order.order_number, ach),
      data: { kind: 'purchase' as const, documentId },
      createdBy: SYSTEM.username,
      createdAt: now.toISOString(),
    })),
  );
  if (!order.ordered_by_email) return;
  await enqueueMail(
    trx,
    {
      to: order.ordered_by_email,
      subject: TEXT.returnedSubject(order.order_number, ach),
      ...plainMessage([
        `Hello ${order.ordered_by},`,
        TEXT.returned({
          ach,
          total: formatCents(Number(order.total_cents)),
          orderNumber: order.order_number,
          method: paymentLine({
            method: order.payment_method,
            brand: order.payment_brand,
            last4: order.payment_last4,
          }),
          reason,
        }),
        ...(unpaid.length > 0
          ? [TEXT.unpaidAgain(unpaid.map((document) => document.company).join(', ')), TEXT.howToPayAgain(ach)]
          : []),
        { label: TEXT.signIn, url: `${appUrl}/` },
        'POP Documents',
      ]),
    },
    { uniqueKey: `settlement-returned:${order.order_id}`, ownerId: order.user_id, now },
  );
}
