/** The orders' catalogue (README "Where a rule lives"): orders and their receipts. */
export const ORDERS_MESSAGES = {
  notFound: 'Order not found',
  receiptNotFound: 'Receipt not found',
  noEmail: 'This order has no e-mail address to send the receipt to',
} as const;
