import { Nullable, Page, PagedSearchQuery, Type, Uuid, type Static } from 'service-kit';
import { DocumentStatus } from './epop-document.js';

/**
 * The state of an order item's document now (null on an item without one): what the documents' actions
 * menu needs (specs/2-documents.md §2, §4).
 */
export const OrderItemDocument = Type.Object(
  {
    status: DocumentStatus,
    isReadOnly: Type.Boolean({ description: 'inactive or being processed: view only' }),
    deactivated: Type.Boolean({ description: 'deactivated by compliance: Reactivate gives its status back' }),
    readyForRenewal: Type.Boolean({
      description: 'Paid, its plan year ends within 90 days (or has ended), and not renewed yet',
    }),
  },
  { description: "the item's document as it is now" },
);
export type OrderItemDocument = Static<typeof OrderItemDocument>;

export const OrderItem = Type.Object({
  orderItemId: Uuid(),
  productType: Type.String(),
  displayText: Type.String(),
  returned: Type.Boolean(),
  documentId: Nullable(Uuid()),
  currentPlanYearStartDate: Nullable(Type.String({ format: 'date' })),
  currentPlanYearEndDate: Nullable(Type.String({ format: 'date' })),
  clientId: Nullable(Uuid()),
  clientCompanyName: Nullable(Type.String()),
  price: Type.Number({ description: 'dollars' }),
  broker: Nullable(Type.String()),
  document: Nullable(OrderItemDocument),
});
export type OrderItem = Static<typeof OrderItem>;

export const Order = Type.Object({
  orderId: Uuid(),
  orderNumber: Type.String(),
  orderDate: Type.String({ format: 'date-time' }),
  orderedBy: Type.String(),
  orderedByEmail: Type.String(),
  total: Type.Number({ description: 'dollars' }),
  transactionId: Nullable(Type.String()),
  new: Type.Boolean({ description: 'not reviewed by compliance yet' }),
  hasReceipt: Type.Boolean(),
  items: Type.Array(OrderItem),
});
export type Order = Static<typeof Order>;

/** `GET order?page…`: a page of orders. */
export const OrderPage = Page(Order);
export type OrderPage = Static<typeof OrderPage>;

/** The partner filter's value for orders none of whose documents came through a strategic partner. */
export const GENERAL_ORDERS = 'general';

/**
 * `GET order?…`: the page, the search and Order Management's filters (issue 24 item 7). The days are
 * the product's (New York), both inclusive; `partner` is a strategic partner's company id, or
 * `general`.
 */
export const OrderListQuery = Type.Object(
  {
    ...PagedSearchQuery.properties,
    from: Type.Optional(
      Type.String({ format: 'date', maxLength: 10, description: 'first order day, YYYY-MM-DD (New York)' }),
    ),
    to: Type.Optional(
      Type.String({
        format: 'date',
        maxLength: 10,
        description: 'last order day, YYYY-MM-DD (New York), inclusive; not before `from`',
      }),
    ),
    newOnly: Type.Optional(Type.Boolean({ description: 'true: only the orders not reviewed yet' })),
    partner: Type.Optional(
      Type.Union([Type.Literal(GENERAL_ORDERS), Uuid()], {
        description:
          "a strategic partner's company id: orders with a document of that partner; 'general': orders with no partner's document",
      }),
    ),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderIdParams = Type.Object({ orderId: Uuid() }, { additionalProperties: false });

export const Reviewed = Type.Object({ orderId: Uuid(), new: Type.Literal(false) });

/** The most orders one bulk Mark as Reviewed takes (a page of the list at its largest). */
export const MAX_REVIEWED_AT_ONCE = 100;

/** `POST order/reviewed`: Mark as Reviewed for the orders selected. */
export const ReviewedBody = Type.Object(
  {
    orderIds: Type.Array(Uuid(), {
      minItems: 1,
      maxItems: MAX_REVIEWED_AT_ONCE,
      description: 'the orders to mark; a repeated id counts once',
    }),
  },
  { additionalProperties: false, examples: [{ orderIds: ['00000000-0000-4000-8000-000000000024'] }] },
);
export type ReviewedBody = Static<typeof ReviewedBody>;

/** What a bulk Mark as Reviewed did: unknown ids are reported, not refused (cart-api README "Order Management"). */
export const ReviewedOrders = Type.Object({
  reviewed: Type.Array(Uuid(), {
    description: 'the orders now reviewed (those already reviewed included), in the order asked',
  }),
  notFound: Type.Array(Uuid(), { description: 'the ids that name no order: nothing was done for them' }),
});
export type ReviewedOrders = Static<typeof ReviewedOrders>;

/** `GET order/{orderId}/receipt`: the receipt as markup (escaped values), and what names it. */
export const ReceiptMarkup = Type.Object({
  orderId: Uuid(),
  orderNumber: Type.String(),
  receipt: Type.String({ description: 'HTML fragment: the receipt, every value escaped' }),
});

/** `GET order/{orderId}/receipt/download`: the PDF's bytes. */
export const ReceiptPdf = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the PDF' });

/** Email Purchaser: whom the receipt went to. */
export const ReceiptSent = Type.Object({ orderId: Uuid(), sentTo: Type.String() });
