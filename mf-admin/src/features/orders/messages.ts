/** Order Management's texts (specs/1-foundation.md §2 "Admin Orders"; the specs' confirm is 'Are you sure?'). */
export const ORDER_MESSAGES = {
  confirmEmailPurchaser: 'Are you sure?',
  receiptSent: (sentTo: string) => `Receipt sent to ${sentTo}`,
} as const;
