import { Nullable, Page, Type, Uuid, type Static } from 'service-kit';
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

export const OrderIdParams = Type.Object({ orderId: Uuid() }, { additionalProperties: false });

export const Reviewed = Type.Object({ orderId: Uuid(), new: Type.Literal(false) });

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
