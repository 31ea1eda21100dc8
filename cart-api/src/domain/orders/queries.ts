import { addDays, isIsoDate, startOfProductDay, toDollars, type IsoDate } from 'shared-domain';
import { readyForRenewal } from 'shared-domain/forms';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ValidationFailure } from 'service-kit';
import { SEARCH_TEXT_SEPARATOR } from '../../db/migrations/0003-order-search-text.js';
import type { Database, DocumentStatus } from '../../db/schema.js';
import {
  GENERAL_ORDERS,
  type OrderItem,
  type OrderItemDocument,
  type OrderListQuery,
  type OrderPage,
  type ReviewedOrders,
} from '../../contract/order.js';
import { offsetFor, pagesFor, type PagedSearchQuery } from '../../lib/pagination.js';
import { lowerCasedContains } from '../../lib/search.js';
import { isReadOnly } from '../documents/queries.js';
import { renewedDocument } from '../documents/renewal.js';
import { ORDERS_MESSAGES } from './messages.js';

/** Order Management's filters as the domain takes them (the route's query without the paging). */
export type OrderFilters = Pick<OrderListQuery, 'from' | 'to' | 'newOnly' | 'partner'>;

type OrdersQuery = SelectQueryBuilder<Database & { o: Database['orders'] }, 'o', object>;

/**
 * The filters as conditions, each one index range or one set read once (never a subquery per order):
 * the days are the product's (a New York day's instants, `to` inclusive), `newOnly` reads
 * `orders_new_created`, and a partner's orders are the orders of its documents' items
 * (`epop_document_partner`, then `order_item_document`): the partner report's rule, an order is a
 * partner's when one of its documents is. `general` is every other order (no document of a partner).
 */
function filtered(orders: OrdersQuery, { from, to, newOnly, partner }: OrderFilters): OrdersQuery {
  const problems: string[] = [
    ...(from !== undefined && !isIsoDate(from) ? [ORDERS_MESSAGES.invalidFrom] : []),
    ...(to !== undefined && !isIsoDate(to) ? [ORDERS_MESSAGES.invalidTo] : []),
  ];
  if (problems.length === 0 && from !== undefined && to !== undefined && from > to) {
    problems.push(ORDERS_MESSAGES.fromAfterTo);
  }
  if (problems.length > 0) throw new ValidationFailure(problems);

  let query = orders;
  if (newOnly) query = query.where('o.is_new', '=', 1);
  if (from !== undefined) query = query.where('o.created_at', '>=', startOfProductDay(from).toISOString());
  if (to !== undefined) {
    query = query.where('o.created_at', '<', startOfProductDay(addDays(to, 1)).toISOString());
  }
  if (partner !== undefined) {
    query = query.where('o.order_id', partner === GENERAL_ORDERS ? 'not in' : 'in', (eb) =>
      eb
        .selectFrom('order_item as pi')
        .innerJoin('epop_document as pd', 'pd.document_id', 'pi.document_id')
        .select('pi.order_id')
        .$call((q) =>
          partner === GENERAL_ORDERS
            ? q.where('pd.strategic_partner_id', 'is not', null)
            : q.where('pd.strategic_partner_id', '=', partner),
        ),
    );
  }
  return query;
}

/**
 * A page of all orders, newest first. The search text matches the order number, the transaction
 * id or the company name of any client on the order, case-insensitively, through the
 * denormalized `search_text` (one column, no join per order); the filters narrow it (`filtered`). Each
 * item carries its document's state now (`today`: the product's day the renewal window is counted
 * from), for the documents' actions menu. A `from` after `to` is a validation failure.
 */
export async function listOrders(
  db: Kysely<Database>,
  query: PagedSearchQuery & OrderFilters,
  today: IsoDate,
): Promise<OrderPage> {
  const searchText = query.searchText.trim();
  let orders = filtered(db.selectFrom('orders as o'), query);
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

/**
 * Mark as Reviewed (specs/1-foundation.md §4 Order: the highlight is hidden), for one order or the
 * many Order Management selects: the one place the rule lives. Each order that exists is no longer new
 * (one already reviewed stays so: asking again changes nothing); ids that name no order are answered
 * in `notFound`, and nothing is done for them. A repeated id counts once.
 */
export async function markReviewed(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<ReviewedOrders> {
  const asked = [...new Set(orderIds)];
  if (asked.length === 0) return { reviewed: [], notFound: [] };
  // Orders are never deleted, so the ids found stay found for the update.
  const found = new Set(
    (await db.selectFrom('orders').select('order_id').where('order_id', 'in', asked).execute()).map(
      (row) => row.order_id,
    ),
  );
  if (found.size > 0) {
    await db
      .updateTable('orders')
      .set({ is_new: 0 })
      .where('order_id', 'in', [...found])
      .where('is_new', '=', 1)
      .execute();
  }
  return {
    reviewed: asked.filter((id) => found.has(id)),
    notFound: asked.filter((id) => !found.has(id)),
  };
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
