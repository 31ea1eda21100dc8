import { createHash, randomInt } from 'node:crypto';
import { SANDBOX_TRIGGERS } from '../../sandbox.js';

/**
 * The fake Authorize.Net's transactions: what a charge, debit, refund or void does and how a
 * transaction's status moves over time. Its triggers are those of Authorize.Net's sandbox where it
 * documents one (zip 46282, card code 901) and the in-process sandbox's otherwise, so the journeys
 * behave the same against either; the rest are the fake's own (README "Payments").
 */
export const FAKE_TRIGGERS = {
  /** Billing zip: declined (Authorize.Net's sandbox trigger, reason 2). */
  declinedZip: SANDBOX_TRIGGERS.declinedZip,
  /** Card code: no match (N), declined by the account's card code filter (reason 65). */
  cvvMismatch: SANDBOX_TRIGGERS.cvvMismatch,
  /** eCheck account number ending: declined at once (the sandbox's insufficient funds). */
  declinedAccountSuffix: SANDBOX_TRIGGERS.insufficientFundsSuffix,
  /** eCheck account number ending: accepted, then returned (R02, account closed) when it would settle. */
  returnedAccountSuffix: SANDBOX_TRIGGERS.returnedSuffix,
  /** eCheck account number ending: settled, then returned (R10, not authorized) a settlement delay later. */
  returnedAfterSettlementSuffix: SANDBOX_TRIGGERS.returnedAfterSettlementSuffix,
  /** Billing zip: held for review (responseCode 4), approved by the review when it would settle. */
  heldForReviewZip: '46290',
  /** Billing zip: held for review, declined by the review when it would settle. */
  reviewDeclinedZip: '46291',
  /** Billing zip: a processing error (responseCode 3, reason 19); nothing is recorded. */
  errorZip: '46292',
} as const;

/** The processor's sentences (response reason texts) the fake answers. */
export const FAKE_TEXTS = {
  approved: 'This transaction has been approved.',
  declined: 'This transaction has been declined.',
  heldForReview: 'Your order has been received. Thank you for your business!',
  error: 'An error occurred during processing. Please try again in 5 minutes.',
  duplicate: 'A duplicate transaction has been submitted.',
  invalidCard: 'The credit card number is invalid.',
  expired: 'The credit card has expired.',
  invalidRouting: 'The ABA code is invalid',
  notFound: 'The transaction cannot be found.',
  creditCriteria: 'The referenced transaction does not meet the criteria for issuing a credit.',
  creditExceeds: 'The sum of credits against the referenced transaction would exceed original debit amount.',
  alreadyVoided: 'This transaction has already been voided.',
  /** NACHA return R02, as Authorize.Net's returnedItems describe it. */
  returned: 'Account Closed',
  /** NACHA return R10 (after settlement), as Authorize.Net's returnedItems describe it. */
  returnedLate: 'Customer Advises Not Authorized',
} as const;

/** Authorize.Net's default duplicate window when a request sets none. */
const DEFAULT_DUPLICATE_WINDOW_SECONDS = 120;

export interface FakeTransaction {
  transId: string;
  transactionType: 'authCaptureTransaction' | 'refundTransaction';
  /** responseCode and reason of the answer that created it. */
  responseCode: 1 | 2 | 4;
  reasonCode: number;
  reasonText: string;
  amountCents: number;
  submittedAt: Date;
  invoiceNumber?: string;
  refTransId?: string;
  authCode: string;
  cvvResultCode: string;
  /** As getTransactionDetails shows it: four X's and the last four digits, never the whole number. */
  payment:
    | { creditCard: { cardNumber: string; expirationDate: 'XXXX'; cardType: string } }
    | {
        bankAccount: {
          accountType?: string;
          routingNumber: string;
          accountNumber: string;
          nameOnAccount: string;
          echeckType?: string;
          bankName?: string;
        };
      };
  /** What it becomes when it would settle (`returnsLate`: settled, returned a settlement delay later). */
  outcome: 'settles' | 'returns' | 'returnsLate' | 'reviewDeclined';
  voided: boolean;
  /** A status a test set (`ledger.setStatus`): every state the processor has. */
  statusOverride?: string;
  /** A hash of the fields Authorize.Net compares for duplicates (never the numbers themselves). */
  fingerprint: string;
}

/** One createTransaction answer: the transactionResponse's fields. */
export interface FakeAnswer {
  responseCode: '1' | '2' | '3' | '4';
  reasonCode: number;
  reasonText: string;
  transId: string;
  authCode: string;
  cvvResultCode: string;
  accountNumber: string;
  accountType: string;
  refTransID: string;
}

type Json = Record<string, unknown>;

const newTransId = () => `${randomInt(1, 10)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
const newAuthCode = () =>
  randomInt(0, 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0');
const cents = (amount: unknown) => Math.round(Number(amount) * 100);
const masked = (digits: string) => `XXXX${digits.slice(-4)}`;

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The ABA checksum of a routing number. */
function routingValid(routing: string): boolean {
  const d = [...routing].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

function cardType(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'AmericanExpress';
  if (number.startsWith('6')) return 'Discover';
  return 'Visa';
}

export class FakeLedger {
  readonly transactions = new Map<string, FakeTransaction>();

  constructor(
    private readonly now: () => Date,
    /** How long after submission a transaction settles (or is returned, or its review decided). */
    private readonly settleAfterMs: number,
  ) {}

  /** Sets a transaction's status as getTransactionDetails will show it (a test's way to any state). */
  setStatus(transId: string, transactionStatus: string): void {
    const transaction = this.transactions.get(transId);
    if (!transaction) throw new Error(`no transaction ${transId}`);
    transaction.statusOverride = transactionStatus;
  }

  /** The status getTransactionDetails answers now. */
  statusOf(transaction: FakeTransaction): string {
    if (transaction.statusOverride) return transaction.statusOverride;
    if (transaction.voided) return 'voided';
    if (transaction.responseCode === 2) return 'declined';
    const settled = this.now().getTime() >= transaction.submittedAt.getTime() + this.settleAfterMs;
    if (transaction.transactionType === 'refundTransaction') {
      return settled ? 'refundSettledSuccessfully' : 'refundPendingSettlement';
    }
    if (transaction.responseCode === 4) {
      if (!settled) return 'FDSPendingReview';
      return transaction.outcome === 'reviewDeclined' ? 'declined' : 'settledSuccessfully';
    }
    if (!settled) return 'capturedPendingSettlement';
    if (transaction.outcome === 'returnsLate') {
      const returned = this.now().getTime() >= transaction.submittedAt.getTime() + 2 * this.settleAfterMs;
      return returned ? 'returnedItem' : 'settledSuccessfully';
    }
    return transaction.outcome === 'returns' ? 'returnedItem' : 'settledSuccessfully';
  }

  /** createTransactionRequest's `transactionRequest`, already checked against the schema. */
  transact(request: Json): FakeAnswer {
    const type = request.transactionType as string;
    if (type === 'voidTransaction') return this.void(String(request.refTransId ?? ''));
    const duplicate = this.duplicateOf(request);
    if (duplicate) return duplicate;
    if (type === 'refundTransaction') return this.refund(request);
    const payment = request.payment as Json;
    return payment.creditCard ? this.charge(request) : this.debit(request);
  }

  private charge(request: Json): FakeAnswer {
    const card = (request.payment as Json).creditCard as Json;
    const number = String(card.cardNumber);
    const zip = String((request.billTo as Json | undefined)?.zip ?? '');
    const payment = {
      creditCard: { cardNumber: masked(number), expirationDate: 'XXXX' as const, cardType: cardType(number) },
    };
    const base = { accountNumber: masked(number), accountType: cardType(number) };
    if (!luhn(number) || number.startsWith('XXXX')) return this.error(6, FAKE_TEXTS.invalidCard, base);
    if (this.expired(String(card.expirationDate))) return this.error(8, FAKE_TEXTS.expired, base);
    if (zip.startsWith(FAKE_TRIGGERS.errorZip)) return this.error(19, FAKE_TEXTS.error, base);
    const record = (responseCode: 1 | 2 | 4, reasonCode: number, reasonText: string, extra = {}) =>
      this.record(request, { responseCode, reasonCode, reasonText, payment, outcome: 'settles', ...extra });
    if (zip.startsWith(FAKE_TRIGGERS.declinedZip)) return record(2, 2, FAKE_TEXTS.declined);
    if (card.cardCode === FAKE_TRIGGERS.cvvMismatch) {
      return record(2, 65, FAKE_TEXTS.declined, { cvvResultCode: 'N' });
    }
    if (zip.startsWith(FAKE_TRIGGERS.heldForReviewZip)) return record(4, 252, FAKE_TEXTS.heldForReview);
    if (zip.startsWith(FAKE_TRIGGERS.reviewDeclinedZip)) {
      return record(4, 252, FAKE_TEXTS.heldForReview, { outcome: 'reviewDeclined' });
    }
    return record(1, 1, FAKE_TEXTS.approved);
  }

  private debit(request: Json): FakeAnswer {
    const account = (request.payment as Json).bankAccount as Record<string, string>;
    const number = String(account.accountNumber);
    const base = { accountNumber: masked(number), accountType: 'eCheck' };
    if (!routingValid(account.routingNumber!)) return this.error(9, FAKE_TEXTS.invalidRouting, base);
    const payment = {
      bankAccount: {
        ...(account.accountType ? { accountType: account.accountType } : {}),
        routingNumber: masked(account.routingNumber!),
        accountNumber: masked(number),
        nameOnAccount: account.nameOnAccount!,
        ...(account.echeckType ? { echeckType: account.echeckType } : {}),
        ...(account.bankName ? { bankName: account.bankName } : {}),
      },
    };
    if (number.endsWith(FAKE_TRIGGERS.declinedAccountSuffix)) {
      return this.record(request, {
        responseCode: 2,
        reasonCode: 2,
        reasonText: FAKE_TEXTS.declined,
        payment,
        outcome: 'settles',
      });
    }
    const outcome = number.endsWith(FAKE_TRIGGERS.returnedAccountSuffix)
      ? 'returns'
      : number.endsWith(FAKE_TRIGGERS.returnedAfterSettlementSuffix)
        ? 'returnsLate'
        : 'settles';
    return this.record(request, {
      responseCode: 1,
      reasonCode: 1,
      reasonText: FAKE_TEXTS.approved,
      payment,
      outcome,
    });
  }

  /** A refund of a settled transaction, to the same card or account (its last four digits). */
  private refund(request: Json): FakeAnswer {
    const original = this.transactions.get(String(request.refTransId ?? ''));
    const payment = request.payment as Json;
    const given = payment.creditCard
      ? String((payment.creditCard as Json).cardNumber)
      : String((payment.bankAccount as Json).accountNumber);
    const base = { accountNumber: masked(given), accountType: payment.creditCard ? '' : 'eCheck' };
    if (!original || this.statusOf(original) !== 'settledSuccessfully') {
      return this.error(54, FAKE_TEXTS.creditCriteria, base);
    }
    const originalNumber =
      'creditCard' in original.payment
        ? original.payment.creditCard.cardNumber
        : original.payment.bankAccount.accountNumber;
    if (given.slice(-4) !== originalNumber.slice(-4)) return this.error(54, FAKE_TEXTS.creditCriteria, base);
    const credited = [...this.transactions.values()]
      .filter((t) => t.refTransId === original.transId && t.transactionType === 'refundTransaction')
      .reduce((sum, t) => sum + t.amountCents, 0);
    if (credited + cents(request.amount) > original.amountCents) {
      return this.error(55, FAKE_TEXTS.creditExceeds, base);
    }
    return this.record(request, {
      responseCode: 1,
      reasonCode: 1,
      reasonText: FAKE_TEXTS.approved,
      payment: original.payment,
      outcome: 'settles',
    });
  }

  private void(refTransId: string): FakeAnswer {
    const original = this.transactions.get(refTransId);
    const status = original ? this.statusOf(original) : '';
    const answer = (responseCode: '1' | '3', reasonCode: number, reasonText: string): FakeAnswer => ({
      ...this.blank(),
      responseCode,
      reasonCode,
      reasonText,
      transId: original?.transId ?? '0',
      refTransID: refTransId,
      authCode: original?.authCode ?? '',
    });
    if (original && status === 'voided') return answer('1', 310, FAKE_TEXTS.alreadyVoided);
    const voidable = ['capturedPendingSettlement', 'FDSPendingReview', 'refundPendingSettlement'];
    if (!original || !voidable.includes(status)) return answer('3', 16, FAKE_TEXTS.notFound);
    original.voided = true;
    return answer('1', 1, FAKE_TEXTS.approved);
  }

  /** Within the request's duplicate window, the same fields as an earlier transaction: error 11. */
  private duplicateOf(request: Json): FakeAnswer | undefined {
    const settings = (request.transactionSettings as Json | undefined)?.setting;
    const list = (Array.isArray(settings) ? settings : settings ? [settings] : []) as Json[];
    const window = list.find((setting) => setting.settingName === 'duplicateWindow');
    const windowMs = Number(window?.settingValue ?? DEFAULT_DUPLICATE_WINDOW_SECONDS) * 1000;
    const fingerprint = fingerprintOf(request);
    const since = this.now().getTime() - windowMs;
    const first = [...this.transactions.values()].find(
      (t) => t.fingerprint === fingerprint && t.submittedAt.getTime() > since,
    );
    if (!first) return undefined;
    // With a window in the request, the answer carries the first transaction's id (and its
    // authorization code if it was approved); without one, no details.
    return {
      ...this.blank(),
      responseCode: '3',
      reasonCode: 11,
      reasonText: FAKE_TEXTS.duplicate,
      transId: window ? first.transId : '0',
      authCode: window && first.responseCode === 1 ? first.authCode : '',
      cvvResultCode: window ? first.cvvResultCode : '',
    };
  }

  private record(
    request: Json,
    fields: Pick<FakeTransaction, 'responseCode' | 'reasonCode' | 'reasonText' | 'payment' | 'outcome'> & {
      cvvResultCode?: string;
    },
  ): FakeAnswer {
    const order = request.order as Json | undefined;
    const transaction: FakeTransaction = {
      transId: newTransId(),
      transactionType: request.transactionType as FakeTransaction['transactionType'],
      amountCents: cents(request.amount),
      submittedAt: this.now(),
      ...(order?.invoiceNumber ? { invoiceNumber: String(order.invoiceNumber) } : {}),
      ...(request.refTransId ? { refTransId: String(request.refTransId) } : {}),
      authCode: fields.responseCode === 2 ? '' : newAuthCode(),
      voided: false,
      fingerprint: fingerprintOf(request),
      ...fields,
      cvvResultCode: fields.cvvResultCode ?? ('creditCard' in fields.payment ? 'M' : ''),
    };
    this.transactions.set(transaction.transId, transaction);
    const payment = transaction.payment;
    return {
      responseCode: String(transaction.responseCode) as FakeAnswer['responseCode'],
      reasonCode: transaction.reasonCode,
      reasonText: transaction.reasonText,
      transId: transaction.transId,
      authCode: transaction.authCode,
      cvvResultCode: transaction.cvvResultCode,
      accountNumber:
        'creditCard' in payment ? payment.creditCard.cardNumber : payment.bankAccount.accountNumber,
      accountType: 'creditCard' in payment ? payment.creditCard.cardType : 'eCheck',
      refTransID: transaction.refTransId ?? '',
    };
  }

  private error(reasonCode: number, reasonText: string, fields: Partial<FakeAnswer>): FakeAnswer {
    return { ...this.blank(), ...fields, responseCode: '3', reasonCode, reasonText };
  }

  private blank(): FakeAnswer {
    return {
      responseCode: '3',
      reasonCode: 0,
      reasonText: '',
      transId: '0',
      authCode: '',
      cvvResultCode: '',
      accountNumber: '',
      accountType: '',
      refTransID: '',
    };
  }

  private expired(expirationDate: string): boolean {
    const [year, month] = /^\d{4}-\d{2}$/.test(expirationDate)
      ? [Number(expirationDate.slice(0, 4)), Number(expirationDate.slice(5))]
      : [2000 + Number(expirationDate.slice(2)), Number(expirationDate.slice(0, 2))];
    const now = this.now();
    return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  }
}

/** The fields Authorize.Net compares to find a duplicate, hashed. */
function fingerprintOf(request: Json): string {
  const payment = request.payment as Json | undefined;
  const card = payment?.creditCard as Json | undefined;
  const account = payment?.bankAccount as Json | undefined;
  const order = request.order as Json | undefined;
  const fields = [
    request.transactionType,
    cents(request.amount),
    card?.cardNumber,
    card?.expirationDate,
    account?.routingNumber,
    account?.accountNumber,
    order?.invoiceNumber,
    request.poNumber,
    (request.customer as Json | undefined)?.id,
    request.refTransId,
    ...['firstName', 'lastName', 'company', 'address', 'city', 'state', 'zip', 'country'].map(
      (name) => (request.billTo as Json | undefined)?.[name],
    ),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
