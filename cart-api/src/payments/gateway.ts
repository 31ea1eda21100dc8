/**
 * The one door to a payment processor (README "Payments"). The purchase operation (src/domain/purchase/purchase.ts) checks the input,
 * computes the amount from the cart and calls this; an adapter talks to one processor. Card and
 * account numbers pass through to the adapter and nowhere else: nothing here is stored or logged.
 */

export interface BillingAddress {
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  city: string;
  state: string;
  /** Zip code (US) or postal code (Canada). */
  zip: string;
  country: 'US' | 'CA';
  phone: string | null;
  email: string;
}

export interface CardCharge {
  /**
   * The same key for the same purchase: a processor that sees it twice answers the first result
   * and charges once (a retry after a timeout, a crash between charge and order).
   */
  idempotencyKey: string;
  amountCents: number;
  /** The order's description on the processor's records (no card data). */
  description: string;
  card: { number: string; expirationMonth: number; expirationYear: number; cvv: string };
  billing: BillingAddress;
}

export interface AccountDebit {
  idempotencyKey: string;
  amountCents: number;
  description: string;
  account: {
    routingNumber: string;
    accountNumber: string;
    nameOnAccount: string;
    bankName: string;
    checking: boolean;
  };
  email: string;
}

export interface PaymentResult {
  success: boolean;
  /** The processor's id of the transaction; null when it was refused before one existed. */
  transactionId: string | null;
  /** The processor's sentence for the user ('This transaction has been approved.', a decline's reason). */
  displayText: string;
  /**
   * Accepted but not decided yet: an ACH debit until it settles (days later), a card charge the
   * processor holds for review. The order is placed with its documents Processing, and the settlement
   * job asks `transactionStatus` until the processor says settled (Paid) or returned/declined (Unpaid).
   */
  pending?: boolean;
}

/**
 * Where a transaction stands at the processor (Authorize.Net's settlement states, reduced):
 * `pending` not decided yet (an ACH debit in flight, a charge held for review, captured but not yet
 * settled); `settled` the money moved; `returned` a settled or pending debit came back (an ACH return:
 * closed account, insufficient funds); `declined` refused after review; `voided` cancelled before
 * settling; `refunded` given back; `unknown` the processor does not find the transaction (not yet
 * visible to its reporting, a wrong account or environment): no answer about the money, so the
 * caller asks again later and never takes it for a decline.
 */
export type SettlementState =
  'pending' | 'settled' | 'returned' | 'declined' | 'voided' | 'refunded' | 'unknown';

export interface TransactionStatus {
  state: SettlementState;
  /** The processor's sentence (the return's reason for a returned debit). */
  displayText: string;
}

export interface Refund {
  idempotencyKey: string;
  /** The approved charge or debit to give back, whole. */
  transactionId: string;
  amountCents: number;
}

/**
 * A call that throws (a timeout, a lost connection) has an unknown outcome: the caller keeps the key
 * and asks again with it, and the processor answers what it did the first time.
 */
export interface PaymentGateway {
  /** The adapter's name, for the logs (`sandbox`, …). */
  readonly name: string;
  chargeCard(charge: CardCharge): Promise<PaymentResult>;
  debitAccount(debit: AccountDebit): Promise<PaymentResult>;
  /** Gives an approved payment back (an order that could not be placed after the charge). */
  refund(refund: Refund): Promise<PaymentResult>;
  /**
   * Where a transaction stands now (the settlement job's question for a pending payment). Throws
   * when the processor cannot be asked (the job retries); an id the processor does not find answers
   * `unknown` (asked again: only an explicit decline, void or return is a refusal).
   */
  transactionStatus(transactionId: string): Promise<TransactionStatus>;
}
