/** The orders' catalogue (README "Where a rule lives"): orders and their receipts. */
export const ORDERS_MESSAGES = {
  notFound: 'Order not found',
  receiptNotFound: 'Receipt not found',
  noEmail: 'This order has no e-mail address to send the receipt to',
  /** Order Management's filters (the specs give no refusal: the weekly order report's words). */
  invalidFrom: 'From must be a date as YYYY-MM-DD',
  invalidTo: 'To must be a date as YYYY-MM-DD',
  fromAfterTo: 'From must be on or before To',
} as const;
