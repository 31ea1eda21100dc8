import { createHash } from 'node:crypto';
import type {
  AccountDebit,
  CardCharge,
  PaymentGateway,
  PaymentResult,
  Refund,
  TransactionStatus,
} from '../gateway.js';
import {
  asList,
  AuthorizeNetUnavailable,
  callApi,
  refusalOf,
  type CreateTransactionAnswer,
  type TransactionDetails,
  type TransactionDetailsAnswer,
  type TransactionResponse,
} from './api.js';
import type { AuthorizeNetConfig } from './config.js';
import { settlementState, VOIDABLE } from './settlement.js';

/**
 * The longest duplicate window Authorize.Net allows (8 hours): within it, a request with the same
 * invoice number, amount, card or account and billing details is answered as a duplicate (error 11)
 * with the first transaction's id, and nothing is charged again (README "Payments").
 */
export const DUPLICATE_WINDOW_SECONDS = 28_800;

/** Authorize.Net's own sentences (response reason texts). */
export const AUTHORIZE_NET_TEXTS = {
  approved: 'This transaction has been approved.',
  declined: 'This transaction has been declined.',
  heldForReview: 'Your order has been received. Thank you for your business!',
  alreadyVoided: 'This transaction has already been voided.',
  recordNotFound: 'The record cannot be found.',
} as const;

const DUPLICATE = '11';
const UNKNOWN_RECORD_CODE = 'E00040';

/**
 * The request's reference at the processor, from the idempotency key: Authorize.Net takes at most 20
 * characters for `refId` and `invoiceNumber`, and our keys are UUIDs (36). The first 20 hex digits of
 * the key's SHA-256: the same key, the same invoice number (what makes a retry a duplicate).
 */
export function processorReference(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** The schema's maximum lengths: a longer value is refused whole (E00003), so it is cut. */
const clip = (text: string, length: number) => text.slice(0, length);
const last4 = (masked: string) => masked.slice(-4);
const realId = (transId: string | undefined) => (transId && transId !== '0' ? transId : null);

type Kind = 'card' | 'ach' | 'refund';

/**
 * PAYMENT_GATEWAY=authorize-net: Authorize.Net's JSON API with Node's fetch (README "Payments").
 * Charges and debits are authCaptureTransaction (creditCard, or bankAccount as a WEB eCheck); a refund
 * voids a transaction not settled yet and refunds a settled one; transactionStatus reads
 * getTransactionDetails. Each charge, debit and refund carries the key's reference as `refId` and
 * `invoiceNumber` with the longest duplicate window, so a retry is answered with the first result.
 * Nothing here logs: errors name the call and the processor's code, never the request.
 */
export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorize-net';

  constructor(private readonly account: AuthorizeNetConfig) {}

  chargeCard(charge: CardCharge): Promise<PaymentResult> {
    const { card, billing } = charge;
    return this.pay('card', charge.idempotencyKey, {
      transactionType: 'authCaptureTransaction',
      amount: dollars(charge.amountCents),
      payment: {
        creditCard: {
          cardNumber: card.number,
          expirationDate: `${card.expirationYear}-${String(card.expirationMonth).padStart(2, '0')}`,
          cardCode: card.cvv,
        },
      },
      order: this.order(charge.idempotencyKey, charge.description),
      customer: { email: clip(billing.email, 255) },
      billTo: {
        firstName: clip(billing.firstName, 50),
        lastName: clip(billing.lastName, 50),
        company: clip(billing.company, 50),
        address: clip(billing.street, 60),
        city: clip(billing.city, 40),
        state: clip(billing.state, 40),
        zip: clip(billing.zip, 20),
        country: billing.country,
        ...(billing.phone ? { phoneNumber: clip(billing.phone, 25) } : {}),
      },
      transactionSettings: duplicateWindow(),
    });
  }

  debitAccount(debit: AccountDebit): Promise<PaymentResult> {
    const { account } = debit;
    return this.pay('ach', debit.idempotencyKey, {
      transactionType: 'authCaptureTransaction',
      amount: dollars(debit.amountCents),
      payment: {
        bankAccount: {
          accountType: account.checking ? 'checking' : 'savings',
          routingNumber: account.routingNumber,
          accountNumber: account.accountNumber,
          // NACHA's field is 22 characters: a longer name is cut, as banks print it.
          nameOnAccount: clip(account.nameOnAccount, 22),
          echeckType: 'WEB',
          ...(account.bankName ? { bankName: clip(account.bankName, 50) } : {}),
        },
      },
      order: this.order(debit.idempotencyKey, debit.description),
      customer: { email: clip(debit.email, 255) },
      transactionSettings: duplicateWindow(),
    });
  }

  /**
   * Gives a payment back whole: a transaction not settled yet is voided (Authorize.Net refunds only
   * settled ones), a settled one refunded to the same card or account (its last four digits, which
   * getTransactionDetails gives masked). One already voided answers success again.
   */
  async refund(refund: Refund): Promise<PaymentResult> {
    const original = await this.details(refund.transactionId);
    if (!original) {
      return { success: false, transactionId: null, displayText: AUTHORIZE_NET_TEXTS.recordNotFound };
    }
    if (original.transactionStatus === 'voided') {
      return {
        success: true,
        transactionId: original.transId,
        displayText: AUTHORIZE_NET_TEXTS.alreadyVoided,
      };
    }
    if (VOIDABLE.has(original.transactionStatus)) {
      const answer = await this.createTransaction(refund.idempotencyKey, {
        transactionType: 'voidTransaction',
        refTransId: original.transId,
      });
      return resultOf(answer, 'refund');
    }
    const { creditCard, bankAccount } = original.payment ?? {};
    const payment = creditCard
      ? { creditCard: { cardNumber: `XXXX${last4(creditCard.cardNumber)}`, expirationDate: 'XXXX' } }
      : bankAccount
        ? {
            bankAccount: {
              ...(bankAccount.accountType ? { accountType: bankAccount.accountType } : {}),
              routingNumber: `XXXX${last4(bankAccount.routingNumber)}`,
              accountNumber: `XXXX${last4(bankAccount.accountNumber)}`,
              nameOnAccount: bankAccount.nameOnAccount,
              echeckType: 'WEB',
            },
          }
        : undefined;
    if (!payment) throw new Error(`Authorize.Net transaction ${original.transId} has no card or account`);
    return this.pay('refund', refund.idempotencyKey, {
      transactionType: 'refundTransaction',
      amount: dollars(refund.amountCents),
      payment,
      refTransId: original.transId,
      order: this.order(refund.idempotencyKey, `Refund of transaction ${original.transId}`),
      transactionSettings: duplicateWindow(),
    });
  }

  async transactionStatus(transactionId: string): Promise<TransactionStatus> {
    const details = await this.details(transactionId);
    // E00040: not found is no answer about the money (a transaction not yet visible to the
    // Transaction Details API, another account): asked again, never taken for a decline.
    if (!details) return { state: 'unknown', displayText: AUTHORIZE_NET_TEXTS.recordNotFound };
    const state = settlementState(details.transactionStatus);
    const [returned] = returnedItemsOf(details);
    // A return's reason (its NACHA code and the bank's words) is what the buyer is told.
    const displayText =
      state === 'returned' && returned
        ? `The bank returned the debit: ${returned.description} (ACH return code ${returned.code}).`
        : details.responseReasonDescription;
    return { state, displayText };
  }

  /** A charge, debit or refund: its answer, or the first one's when it is a retry (a duplicate). */
  private async pay(kind: Kind, key: string, transactionRequest: Record<string, unknown>) {
    const answer = await this.createTransaction(key, transactionRequest);
    const [error] = asList(answer.errors);
    if (answer.responseCode === '3' && error?.errorCode === DUPLICATE) {
      // With a duplicate window in the request, the answer names the first transaction.
      const firstId = realId(answer.transId);
      if (!firstId) throw new AuthorizeNetUnavailable('Authorize.Net answered a duplicate without its id');
      const first = await this.details(firstId);
      if (!first) throw new AuthorizeNetUnavailable(`Authorize.Net does not find transaction ${firstId}`);
      return firstResultOf(first, kind);
    }
    return resultOf(answer, kind);
  }

  private order(key: string, description: string) {
    return { invoiceNumber: processorReference(key), description: clip(description, 255) };
  }

  private async createTransaction(
    key: string,
    transactionRequest: Record<string, unknown>,
  ): Promise<TransactionResponse> {
    const answer = await callApi<CreateTransactionAnswer>(this.account, 'createTransactionRequest', {
      refId: processorReference(key),
      transactionRequest,
    });
    // A transaction refused or declined still has its transactionResponse (and resultCode Error).
    if (!answer.transactionResponse) throw refusalOf(answer.messages);
    return answer.transactionResponse;
  }

  /** getTransactionDetails; undefined for an id the processor does not know. */
  private async details(transId: string): Promise<TransactionDetails | undefined> {
    const answer = await callApi<TransactionDetailsAnswer>(this.account, 'getTransactionDetailsRequest', {
      transId,
    });
    if (answer.messages.resultCode === 'Ok' && answer.transaction) return answer.transaction;
    if (asList(answer.messages.message).some((message) => message.code === UNKNOWN_RECORD_CODE))
      return undefined;
    throw refusalOf(answer.messages);
  }
}

const duplicateWindow = () => ({
  setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }],
});

/** A createTransaction answer as our PaymentResult. */
function resultOf(response: TransactionResponse, kind: Kind): PaymentResult {
  const transactionId = realId(response.transId);
  const [message] = asList(response.messages);
  const [error] = asList(response.errors);
  switch (response.responseCode) {
    case '1':
      return {
        success: true,
        transactionId,
        displayText: message?.description ?? AUTHORIZE_NET_TEXTS.approved,
        // An eCheck is approved when it is accepted: the money moves days later, or comes back.
        ...(kind === 'ach' ? { pending: true } : {}),
      };
    case '4':
      return {
        success: true,
        transactionId,
        displayText: message?.description ?? AUTHORIZE_NET_TEXTS.heldForReview,
        pending: true,
      };
    case '2':
    case '3':
      return {
        success: false,
        transactionId,
        displayText: error?.errorText ?? message?.description ?? AUTHORIZE_NET_TEXTS.declined,
      };
    default:
      throw new AuthorizeNetUnavailable(`Authorize.Net answered responseCode "${response.responseCode}"`);
  }
}

/** What the first request was answered, rebuilt from its details (the retry's answer). */
function firstResultOf(first: TransactionDetails, kind: Kind): PaymentResult {
  const transactionId = first.transId;
  const pending = kind === 'ach' || first.responseCode === 4;
  if (first.responseCode === 1 || first.responseCode === 4) {
    return {
      success: true,
      transactionId,
      displayText:
        first.responseCode === 1 ? AUTHORIZE_NET_TEXTS.approved : AUTHORIZE_NET_TEXTS.heldForReview,
      ...(pending ? { pending: true } : {}),
    };
  }
  return {
    success: false,
    transactionId,
    displayText: first.responseReasonDescription || AUTHORIZE_NET_TEXTS.declined,
  };
}

function returnedItemsOf(details: TransactionDetails) {
  const items = details.returnedItems;
  if (!items) return [];
  return Array.isArray(items) ? items : asList(items.returnedItem);
}
