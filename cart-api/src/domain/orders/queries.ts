import { toDollars, type IsoDate } from 'shared-domain';
import { readyForRenewal } from 'shared-domain/forms';
import { sql, type Kysely } from 'kysely';
import { SEARCH_TEXT_SEPARATOR } from '../../db/migrations/0003-order-search-text.js';
import type { Database, DocumentStatus } from '../../db/schema.js';
import type { OrderItem, OrderItemDocument, OrderPage } from '../../contract/order.js';
import { offsetFor, pagesFor, type PagedSearchQuery } from '../../lib/pagination.js';
import { lowerCasedContains } from '../../lib/search.js';
import { isReadOnly } from '../documents/queries.js';
import { renewedDocument } from '../documents/renewal.js';

/**
 * A page of all orders, newest first. The search text matches the order number, the transaction
 * id or the company name of any client on the order, case-insensitively, through the
 * denormalized `search_text` (one column, no join per order). Each item carries its document's state
 * now (`today`: the product's day the renewal window is counted from), for the documents' actions menu.
 */
export async function listOrders(
  db: Kysely<Database>,
  query: PagedSearchQuery,
  today: IsoDate,
): Promise<OrderPage> {
  const searchText = query.searchText.trim();
  let orders = db.selectFrom('orders as o');
  if (searchText.includes(SEARCH_TEXT_SEPARATOR)) {
    // No field holds the separator, so such a text matches nothing (and must not match across fields).
    orders = orders.where(sql<boolean>`1 = 0`);
  } else if (searchText) {
    orders = orders.where(lowerCasedContains('o.search_text', searchText));
  }

  const { count } = await orders.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const pages = pagesFor(Number(count), query.pageSize);
  // Past the last row there is nothing to fetch (and a search without matches costs one scan).
  if (offsetFor(query) >= Number(count)) return { data: [], pages };
  const rows = await orders
    .select([
      'o.order_id',
      'o.order_number',
      'o.created_at',
      'o.ordered_by',
      'o.ordered_by_email',
      'o.total_cents',
      'o.transaction_id',
      'o.is_new',
      'o.receipt',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id', 'desc')
    .limit(query.pageSize)
    .offset(offsetFor(query))
    .execute();

  const itemsByOrder = await orderItems(
    db,
    rows.map((row) => row.order_id),
    today,
  );
  return {
    data: rows.map((row) => ({
      orderId: row.order_id,
      orderNumber: row.order_number,
      orderDate: row.created_at,
      orderedBy: row.ordered_by,
      orderedByEmail: row.ordered_by_email,
      total: toDollars(row.total_cents),
      transactionId: row.transaction_id,
      new: row.is_new === 1,
      hasReceipt: row.receipt !== null,
      items: itemsByOrder.get(row.order_id) ?? [],
    })),
    pages,
  };
}

async function orderItems(
  db: Kysely<Database>,
  orderIds: string[],
  today: IsoDate,
): Promise<Map<string, OrderItem[]>> {
  const byOrder = new Map<string, OrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_item as oi')
    .leftJoin('epop_document as d', 'd.document_id', 'oi.document_id')
    .leftJoin('company as c', 'c.company_id', 'oi.client_company_id')
    .select((eb) => [
      'oi.order_id',
      'oi.order_item_id',
      'oi.product_type',
      'oi.display_text',
      'oi.returned',
      'oi.document_id',
      'oi.client_company_id',
      'oi.broker_name',
      'oi.price_cents',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.status',
      'd.active',
      'd.status_before_inactive',
      renewedDocument(eb).as('renewed'),
      'c.name as client_company_name',
    ])
    .where('oi.order_id', 'in', orderIds)
    .orderBy('oi.order_item_id')
    .execute();
  for (const row of rows) {
    const item: OrderItem = {
      orderItemId: row.order_item_id,
      productType: row.product_type,
      displayText: row.display_text,
      returned: row.returned === 1,
      documentId: row.document_id,
      currentPlanYearStartDate: row.plan_year_start,
      currentPlanYearEndDate: row.plan_year_end,
      clientId: row.client_company_id,
      clientCompanyName: row.client_company_name,
      price: toDollars(row.price_cents),
      broker: row.broker_name,
      document: row.status === null ? null : documentState({ ...row, status: row.status }, today),
    };
    const items = byOrder.get(row.order_id) ?? [];
    items.push(item);
    byOrder.set(row.order_id, items);
  }
  return byOrder;
}

/** An order item's document as the actions menu reads it (the rules of My POP Documents' rows). */
function documentState(
  row: {
    status: DocumentStatus;
    active: number | null;
    status_before_inactive: DocumentStatus | null;
    plan_year_end: string | null;
    renewed: unknown;
  },
  today: IsoDate,
): OrderItemDocument {
  const active = Number(row.active) === 1;
  return {
    status: row.status,
    isReadOnly: isReadOnly({ active: Number(row.active), status: row.status }),
    deactivated: row.status_before_inactive !== null,
    readyForRenewal: readyForRenewal(
      // SQLite answers 0/1, PostgreSQL true/false.
      {
        status: row.status,
        active,
        planYearEnd: row.plan_year_end ?? '',
        renewed: Boolean(Number(row.renewed)),
      },
      today,
    ),
  };
}

/** Marks an order reviewed; false when there is no such order. */
export async function markReviewed(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ is_new: 0 })
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user who placed an order; undefined when there is no such order. */
export async function orderUser(db: Kysely<Database>, orderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('user_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.user_id;
}

/** The order id when the order exists and has its receipt (it was paid). */
export async function orderWithReceipt(db: Kysely<Database>, orderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('receipt', 'is not', null)
    .executeTakeFirst();
  return row?.order_id;
}

/** The documents an order paid for. */
export async function orderDocuments(db: Kysely<Database>, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('order_item')
    .select('document_id')
    .where('order_id', '=', orderId)
    .where('document_id', 'is not', null)
    .execute();
  return rows.map((row) => row.document_id!);
}
