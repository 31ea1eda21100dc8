/** Order Management's texts (specs/1-foundation.md §2 "Admin Orders"; the specs' confirm is 'Are you sure?'). */
export const ORDER_MESSAGES = {
  confirmEmailPurchaser: 'Are you sure?',
  receiptSent: (sentTo: string) => `Receipt sent to ${sentTo}`,
  /** The specs give no text for a bulk Mark as Reviewed: these are ours. */
  reviewed: (count: number) =>
    count === 1 ? '1 order marked as reviewed' : `${count} orders marked as reviewed`,
  notFound: (count: number) =>
    count === 1 ? '1 selected order no longer exists' : `${count} selected orders no longer exist`,
  noOrders: 'No orders found',
  noMatch: 'No orders match these filters.',
  fromAfterTo: 'From must be on or before To',
} as const;
