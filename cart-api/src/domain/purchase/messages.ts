import { formatMoney } from 'shared-domain';

/** How the messages name a payment method. */
const METHOD_NAMES = { card: 'card', ach: 'ACH', free: 'Complete' } as const;
const paidAlready = (product: string) => `${product} has been paid already`;
/** A bank returns a debit; a card the processor held for review is not completed. */
const returnedWord = (ach: boolean) => (ach ? 'returned' : 'not completed');

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
  /** A resumed purchase with another card, account or billing address (the processor would charge again). */
  otherPayment: (method: 'card' | 'ach', last4: string) =>
    method === 'card'
      ? `Your last payment could not be confirmed: pay again with the same card (ending in ${last4}) and the same billing name and address to confirm it (you will not be charged twice)`
      : `Your last payment could not be confirmed: pay again from the same bank account (ending in ${last4}) to confirm it (you will not be charged twice)`,
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
  /**
   * The settlement of a payment accepted without being decided (settlement.ts; README "Payments"): a
   * returned payment's action item and e-mail to the purchaser, and the change log's lines. `ach`: a
   * bank debit the bank returned; otherwise a card the processor held for review and did not complete.
   */
  settlement: {
    /** The action item to pay a returned payment's document again. */
    payAgain: (company: string, orderNumber: string, ach: boolean) =>
      `Pay again for the POP document of ${company}: the payment of order ${orderNumber} was ${returnedWord(ach)}`,
    returnedSubject: (orderNumber: string, ach: boolean) =>
      `Your payment was ${returnedWord(ach)}: order ${orderNumber}`,
    /** `method` is the order's payment line ('Checking account ending in 6789'). */
    returned: (input: { ach: boolean; total: string; orderNumber: string; method: string; reason: string }) =>
      `${input.ach ? 'Your bank returned the payment' : 'The card processor did not complete the payment'} of ${input.total} for your POP Documents order ${input.orderNumber} (${input.method}). The reason given: ${input.reason}`,
    unpaidAgain: (documents: string) =>
      `The POP documents of this order are unpaid again, and cannot be downloaded until they are paid: ${documents}.`,
    howToPayAgain: (ach: boolean) =>
      `To pay again, sign in and open "Pay again" from your Action Items: it adds the document to your cart, where you can pay ${ach ? 'by card or from another bank account' : 'with another card or from a bank account'}.`,
    signIn: 'Sign in to POP Documents',
    logSettled: (orderNumber: string) => `paid: the payment of order ${orderNumber} has settled`,
    /** A document deactivated while its payment settled: Paid when it is reactivated. */
    logSettledInactive: (orderNumber: string) =>
      `the payment of order ${orderNumber} has settled (deactivated: Paid if reactivated)`,
    logReturned: (orderNumber: string, reason: string, ach: boolean) =>
      `unpaid: the payment of order ${orderNumber} was ${returnedWord(ach)} (${reason})`,
    /** A document deactivated before its payment came back: Unpaid when it is reactivated. */
    logReturnedInactive: (orderNumber: string, reason: string, ach: boolean) =>
      `the payment of order ${orderNumber} was ${returnedWord(ach)} (${reason}; deactivated: Unpaid if reactivated)`,
  },
} as const;
