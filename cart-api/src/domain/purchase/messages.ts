import { formatMoney } from 'shared-domain';

/** How the messages name a payment method. */
const METHOD_NAMES = { card: 'card', ach: 'ACH', free: 'Complete' } as const;
const paidAlready = (product: string) => `${product} has been paid already`;

/**
 * The purchase's catalogue (README "Where a rule lives"; specs/1-foundation.md §4 "Checkout", issue 10
 * "Payments"): the refusals before and during a purchase. The order completed is shared-domain's
 * MESSAGES.orderCompleted.
 */
export const PURCHASE_MESSAGES = {
  emptyCart: 'Your cart is empty',
  notFree: 'Your cart has a total to pay: proceed to checkout to pay it',
  nothingToPay: 'Your cart total is $0.00: press Complete to finish your order',
  totalChanged: (total: number) =>
    `Your cart total has changed to ${formatMoney(total)}: review your cart before paying`,
  /** The purchase lock (purchase-lock.ts): a second Process Payment while the first runs. */
  running:
    'Your order is already being processed. Please wait for it to finish; you will not be charged twice.',
  otherMethod: (method: keyof typeof METHOD_NAMES) =>
    `Your last payment could not be confirmed: pay again by ${METHOD_NAMES[method]} to confirm it (you will not be charged twice)`,
  unconfirmed:
    'We could not confirm your payment with the processor. Press Process Payment again: you will not be charged twice.',
  /** A paid order that could not be placed: `reason` is one of the refusals below, or ourError. */
  refunded: (reason: string) =>
    `Your order could not be completed (${reason}); your payment has been refunded.`,
  ourError: 'an error on our side',
  /** Why an item of the cart cannot be bought as it is now (each names the item: the buyer removes it). */
  renewedMeanwhile: (product: string) =>
    `${product} renews a document that has been renewed since: remove it from your cart`,
  renewalTwice: (product: string) => `${product} renews the same document as another item: remove one`,
  paidMeanwhile: (product: string) => `${paidAlready(product)}: remove it from your cart`,
  clientUnlinked: (product: string) =>
    `${product} is for a client you are no longer linked to: remove it from your cart`,
  originalUnreachable: (product: string) =>
    `${product} renews a document you can no longer open: remove it from your cart`,
  /** A plan year (or amendment) that has started since the item was added: the buyer changes it in the cart. */
  planYearStarted: (product: string, problem: string) =>
    `${product}: ${problem} Change it in your cart (Update Cart).`,
  /** An item paid by another purchase while this one was charged (the order is not placed). */
  paidAlready,
} as const;
