import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { RoleGroup } from 'shared-domain';
import type { Database, DocumentStatus } from '../../db/schema.js';
import { answersToPlace, renewalReminderDone } from '../documents/index.js';
import { jsonObject } from '../../lib/json.js';
import { closeActionItemsFor } from '../action-items/closure.js';
import { insertDocument, type SavedForm } from '../documents/queries.js';
import { logDocumentChange } from '../clients/change-log.js';
import type { CartPrice } from '../cart/pricing.js';
import type { CartRow } from '../cart/queries.js';
import { receiptMarkup, receiptOf } from '../orders/receipt.js';
import { PURCHASE_MESSAGES } from './messages.js';

export interface Purchaser {
  userId: string;
  /** Who pressed Process Payment (the client's change log names them). */
  username: string;
  roleGroup: RoleGroup;
  name: string;
  email: string;
}

export interface OrderPayment {
  /** null for a free order (a zero total). */
  method: 'card' | 'ach' | null;
  brand: string | null;
  last4: string | null;
  transactionId: string | null;
  /**
   * Accepted, not decided (an ACH debit until it settles): the documents are Processing and the order
   * awaits its settlement (settlement.ts) instead of Paid.
   */
  pending: boolean;
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
}

/** An order that cannot be placed as the cart said (a document paid or renewed meanwhile). */
export class OrderConflict extends Error {
  override name = 'OrderConflict';
}

/** The next order number (the counter of migration 0013), skipping any number already taken. */
async function nextOrderNumber(trx: Kysely<Database>): Promise<string> {
  for (;;) {
    const { value } = await trx
      .updateTable('counter')
      .set({ value: sql`value + 1` })
      .where('name', '=', 'order-number')
      .returning('value')
      .executeTakeFirstOrThrow();
    const number = String(value);
    const taken = await trx
      .selectFrom('orders')
      .select('order_id')
      .where('order_number', '=', number)
      .executeTakeFirst();
    if (!taken) return number;
  }
}

/**
 * Places the order of a paid (or free) cart, inside the purchase's transaction: the order and its
 * items at the cart's prices; each item's document Paid, or Processing while a pending payment
 * settles (a new one created from the cart's form, or the stored one an invite or an unpaid item was
 * for); the action items the purchase fulfils closed (closure.ts `paid`, and a renewal's `renewed`:
 * the buyer has done what they asked, whenever the bank settles; a returned payment opens a new one);
 * the promo codes' usage counted; the cart emptied of what was bought and of its codes; the receipt
 * kept. The caller has charged `price.totalCents` already.
 */
export async function placeOrder(
  trx: Kysely<Database>,
  input: {
    purchaser: Purchaser;
    rows: CartRow[];
    price: CartPrice;
    payment: OrderPayment;
    /** The codes the cart was priced with: taken off the cart (one applied since stays). */
    discountIds: string[];
    /** The order's time (the service's clock): its receipt's date is this instant's day in New York. */
    now: Date;
  },
): Promise<PlacedOrder> {
  const { purchaser, rows, price, payment, discountIds } = input;
  const now = input.now.toISOString();
  const orderId = randomUUID();
  const orderNumber = await nextOrderNumber(trx);
  await trx
    .insertInto('orders')
    .values({
      order_id: orderId,
      order_number: orderNumber,
      user_id: purchaser.userId,
      ordered_by: purchaser.name,
      ordered_by_email: purchaser.email,
      transaction_id: payment.transactionId,
      payment_method: payment.method,
      payment_brand: payment.brand,
      payment_last4: payment.last4,
      subtotal_cents: price.subtotalCents,
      discount_cents: price.discountCents,
      total_cents: price.totalCents,
      is_new: 1,
      // Paid when the money moved: a pending payment's order is paid when it settles.
      paid_at: payment.pending ? null : now,
      receipt: null,
      created_at: now,
      settlement: payment.pending ? 'pending' : null,
    })
    .execute();
  const status: DocumentStatus = payment.pending ? 'Processing' : 'Paid';

  const broker = purchaser.roleGroup === 'broker';
  const member = purchaser.roleGroup === 'epop';
  const lines = new Map(price.lines.map((line) => [line.id, line]));
  for (const row of rows) {
    const line = lines.get(row.cart_item_id)!;
    const { clientId, originalDocumentId, ...form } = jsonObject(row.json) as SavedForm & {
      clientId?: string | null;
      originalDocumentId?: string | null;
    };
    let documentId = row.document_id;
    let renews = originalDocumentId ?? null;
    if (documentId) {
      // The document an invite, an unpaid item or an auto-renew invoice was for, as the purchaser
      // reviewed it in the cart, with its locked fields as stored (a field the cart's form does not
      // hold keeps its stored value).
      const stored = await trx
        .selectFrom('epop_document')
        .select(['json', 'status', 'status_before_inactive', 'plan_year_start', 'plan_year_end'])
        .where('document_id', '=', documentId)
        .executeTakeFirstOrThrow();
      const placed = answersToPlace(
        {
          status: stored.status,
          statusBeforeInactive: stored.status_before_inactive,
          planYearStart: stored.plan_year_start,
          planYearEnd: stored.plan_year_end,
          form: jsonObject(stored.json),
        },
        form,
      );
      renews =
        typeof placed.form.originalDocumentId === 'string' ? placed.form.originalDocumentId || null : null;
      const updated = await trx
        .updateTable('epop_document')
        .set({
          json: JSON.stringify(placed.form),
          plan_year_start: placed.planYearStart,
          plan_year_end: placed.planYearEnd,
          status,
          free: 0,
          // A deactivated document bought again is back on the dashboards.
          active: 1,
          status_before_inactive: null,
        })
        .where('document_id', '=', documentId)
        .where('status', 'not in', ['Paid', 'Processing'])
        .executeTakeFirst();
      // Paid (or being paid) meanwhile (checked before the charge; a race since): the order is not placed.
      if (Number(updated.numUpdatedRows) !== 1) {
        throw new OrderConflict(PURCHASE_MESSAGES.paidAlready(row.display_text));
      }
    } else {
      documentId = await insertDocument(trx, {
        ownerUserId: purchaser.userId,
        createdBy: purchaser.userId,
        form: originalDocumentId ? { ...form, originalDocumentId } : form,
        clientId: clientId ?? null,
        originalDocumentId: originalDocumentId ?? null,
        strategicPartnerId: row.strategic_partner_id,
        brokerUserId: broker ? purchaser.userId : null,
        memberUserId: member ? purchaser.userId : null,
        kind: 'bought',
      });
      if (payment.pending) {
        await trx
          .updateTable('epop_document')
          .set({ status })
          .where('document_id', '=', documentId)
          .execute();
      }
    }
    const document = await trx
      .selectFrom('epop_document')
      .select('client_company_id')
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    await logDocumentChange(trx, {
      documentId,
      caller: purchaser,
      describe: (label) =>
        (row.document_id
          ? `${label} paid: order ${orderNumber}`
          : `${label} created${renews ? " (renewing the previous plan year's document)" : ''} and paid: order ${orderNumber}`) +
        (payment.pending ? ' (processing until the payment settles)' : ''),
    });
    // An employer who paid for their invitation joins the client company it was for.
    if (member && row.document_id) {
      await trx
        .insertInto('company_user')
        .values({ company_id: document.client_company_id, user_id: purchaser.userId, created_at: now })
        .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
        .execute();
    }
    if (row.action_item_id) {
      await trx
        .updateTable('action_item')
        .set({ completed: 1, completed_at: now })
        .where('action_item_id', '=', row.action_item_id)
        .where('completed', '=', 0)
        .execute();
    }
    // A stored document's other open purchase items are done too (a new document has none).
    if (row.document_id) await closeActionItemsFor(trx, documentId, 'paid', input.now);
    if (renews) await renewalReminderDone(trx, renews, input.now);

    const product = await trx
      .selectFrom('product')
      .select('name')
      .where('product_id', '=', row.product_id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_item')
      .values({
        order_item_id: randomUUID(),
        order_id: orderId,
        product_id: row.product_id,
        product_type: product.name,
        display_text: row.display_text,
        document_id: documentId,
        client_company_id: document.client_company_id,
        broker_name: broker ? purchaser.name : null,
        unit_price_cents: line.unitPriceCents,
        discount_cents: line.discountCents,
        price_cents: line.totalCents,
        returned: 0,
      })
      .execute();
  }

  if (price.usedDiscountIds.length > 0) {
    await trx
      .updateTable('discount')
      .set({ usage: sql`usage + 1` })
      .where('discount_id', 'in', price.usedDiscountIds)
      .execute();
  }
  await trx
    .deleteFrom('cart_item')
    .where(
      'cart_item_id',
      'in',
      rows.map((row) => row.cart_item_id),
    )
    .execute();
  if (discountIds.length > 0) {
    await trx
      .deleteFrom('cart_discount')
      .where('user_id', '=', purchaser.userId)
      .where('discount_id', 'in', discountIds)
      .execute();
  }

  // The receipt as it is now, kept: later changes to a client or a plan year do not rewrite it.
  // Its settlement is read from the order at each read: it is not part of what was bought.
  const { settlement: _live, ...receipt } = (await receiptOf(trx, orderId))!;
  await trx
    .updateTable('orders')
    .set({ receipt: receiptMarkup(receipt), receipt_data: JSON.stringify(receipt) })
    .where('order_id', '=', orderId)
    .execute();
  return { orderId, orderNumber };
}
