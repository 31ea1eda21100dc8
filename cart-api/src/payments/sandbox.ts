import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AccountDebit,
  CardCharge,
  PaymentGateway,
  PaymentResult,
  Refund,
  TransactionStatus,
} from './gateway.js';

/** How many idempotency keys the sandbox remembers (a processor keeps them a day or so). */
const REMEMBERED_KEYS = 10_000;

/** How long an approved ACH debit stays pending by default (PAYMENT_SANDBOX_SETTLE_MS): a demo's wait. */
export const DEFAULT_SANDBOX_SETTLE_MS = 2 * 60_000;

/** The sandbox's triggers (README "Payments"), as a processor's test environment documents its own. */
export const SANDBOX_TRIGGERS = {
  declinedZip: '46282',
  cvvMismatch: '901',
  insufficientFundsSuffix: '0000',
  /** An approved debit of such an account comes back (returned) once the settlement delay has passed. */
  returnedSuffix: '1111',
  /** An approved debit of such an account settles, then comes back a settlement delay later (R10). */
  returnedAfterSettlementSuffix: '2222',
} as const;

export const SANDBOX_TEXTS = {
  approved: 'This transaction has been approved.',
  refunded: 'This transaction has been refunded.',
  unknownTransaction: 'The referenced transaction does not exist.',
  declined: 'This transaction has been declined.',
  cvvMismatch: 'This transaction has been declined because the card code (CVV) does not match.',
  insufficientFunds: 'This transaction has been declined: the account has insufficient funds.',
  pending: 'The transaction is pending settlement.',
  settled: 'The transaction has settled.',
  /** An ACH return (NACHA return code R02), as the bank reports it. */
  accountClosed: 'The bank returned the debit: the account is closed (ACH return code R02).',
  /** A return after settlement (R10): the account holder says the debit was not authorized. */
  notAuthorized:
    'The bank returned the debit: the customer advises it was not authorized (ACH return code R10).',
} as const;

/**
 * What a sandbox transaction id says of itself: its first digit (what it was) and the instant it was
 * made. The sandbox answers `transactionStatus` from the id alone, so a pending debit is known after
 * a restart, to another instance and to the `run-jobs` command (its in-memory records are not).
 */
const KIND_DIGITS = {
  card: '1',
  ach: '2',
  achReturned: '3',
  declined: '4',
  refund: '5',
  achReturnedLate: '6',
} as const;
type IdKind = keyof typeof KIND_DIGITS;
const KIND_OF = new Map<string, IdKind>(
  Object.entries(KIND_DIGITS).map(([kind, digit]) => [digit, kind as IdKind]),
);

/** 16 digits: the kind, the instant in milliseconds (13 digits), two random digits. */
const newTransactionId = (kind: IdKind, at: Date) =>
  `${KIND_DIGITS[kind]}${String(at.getTime()).padStart(13, '0')}${String(randomInt(0, 100)).padStart(2, '0')}`;

function readTransactionId(transactionId: string): { kind: IdKind; at: number } | undefined {
  const match = /^(\d)(\d{13})\d{2}$/.exec(transactionId);
  const kind = match && KIND_OF.get(match[1]!);
  return kind ? { kind, at: Number(match[2]) } : undefined;
}

/** What the sandbox saw of a payment: the amount and the last four digits, like a processor's report. */
export interface SandboxRecord {
  idempotencyKey: string;
  kind: 'card' | 'ach' | 'refund';
  amountCents: number;
  last4: string;
  result: PaymentResult;
  /** A refund's: the charge or debit it gives back. */
  refundOf?: string;
}

export interface SandboxOptions {
  /** Pretend network time per call (PAYMENT_SANDBOX_DELAY_MS), real time. */
  delayMs?: number;
  /** How long an approved ACH debit stays pending before it settles or is returned (PAYMENT_SANDBOX_SETTLE_MS). */
  settleMs?: number;
  /** The sandbox's clock: the service's `now`, so that tests move time instead of waiting. */
  now?: () => Date;
}

/**
 * A processor's test environment in-process: approves every (already checked) card and account but
 * its triggers, answers a repeated idempotency key with the first result without charging again,
 * and waits `delayMs` per call like a network round trip. A card charge settles at once; an ACH
 * debit is approved pending (`pending: true`), and `transactionStatus` answers it pending until
 * `settleMs` have passed on its clock, then settled, or returned for an account ending in 1111.
 * Keeps its records in memory (they are not money); the status of a transaction is read from its id.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  /** Every payment that reached the "processor" once (retries with the same key are not new charges). */
  readonly records: SandboxRecord[] = [];
  private readonly byKey = new Map<string, Promise<PaymentResult>>();
  private readonly delayMs: number;
  private readonly settleMs: number;
  private readonly now: () => Date;

  /** `options` as a number: the delay alone (the other settings' defaults). */
  constructor(options: number | SandboxOptions = {}) {
    const settings = typeof options === 'number' ? { delayMs: options } : options;
    this.delayMs = settings.delayMs ?? 0;
    this.settleMs = settings.settleMs ?? DEFAULT_SANDBOX_SETTLE_MS;
    this.now = settings.now ?? (() => new Date());
  }

  chargeCard(charge: CardCharge): Promise<PaymentResult> {
    return this.once(charge.idempotencyKey, async () => {
      let result: PaymentResult;
      if (charge.billing.zip.startsWith(SANDBOX_TRIGGERS.declinedZip)) {
        result = this.declined(SANDBOX_TEXTS.declined);
      } else if (charge.card.cvv === SANDBOX_TRIGGERS.cvvMismatch) {
        result = this.declined(SANDBOX_TEXTS.cvvMismatch);
      } else {
        result = this.approved('card');
      }
      this.records.push({
        idempotencyKey: charge.idempotencyKey,
        kind: 'card',
        amountCents: charge.amountCents,
        last4: charge.card.number.slice(-4),
        result,
      });
      return result;
    });
  }

  debitAccount(debit: AccountDebit): Promise<PaymentResult> {
    return this.once(debit.idempotencyKey, async () => {
      const account = debit.account.accountNumber;
      let result: PaymentResult;
      if (account.endsWith(SANDBOX_TRIGGERS.insufficientFundsSuffix)) {
        result = this.declined(SANDBOX_TEXTS.insufficientFunds);
      } else {
        // Accepted, not decided: the debit settles (or comes back) days later at a real bank.
        const kind = account.endsWith(SANDBOX_TRIGGERS.returnedSuffix)
          ? 'achReturned'
          : account.endsWith(SANDBOX_TRIGGERS.returnedAfterSettlementSuffix)
            ? 'achReturnedLate'
            : 'ach';
        result = { ...this.approved(kind), pending: true };
      }
      this.records.push({
        idempotencyKey: debit.idempotencyKey,
        kind: 'ach',
        amountCents: debit.amountCents,
        last4: account.slice(-4),
        result,
      });
      return result;
    });
  }

  refund(refund: Refund): Promise<PaymentResult> {
    return this.once(refund.idempotencyKey, async () => {
      const charge = this.charges.find((record) => record.result.transactionId === refund.transactionId);
      const kind = readTransactionId(refund.transactionId)?.kind;
      const refundable =
        charge !== undefined ||
        kind === 'card' ||
        kind === 'ach' ||
        kind === 'achReturned' ||
        kind === 'achReturnedLate';
      const result: PaymentResult = refundable
        ? {
            success: true,
            transactionId: newTransactionId('refund', this.now()),
            displayText: SANDBOX_TEXTS.refunded,
          }
        : { success: false, transactionId: null, displayText: SANDBOX_TEXTS.unknownTransaction };
      this.records.push({
        idempotencyKey: refund.idempotencyKey,
        kind: 'refund',
        amountCents: refund.amountCents,
        last4: charge?.last4 ?? '',
        result,
        refundOf: refund.transactionId,
      });
      return result;
    });
  }

  /**
   * Where a transaction stands (README "Payments"): a card charge and a refund settled; an ACH debit
   * pending until `settleMs` after it was made, then settled, or returned (account ending 1111); one
   * of an account ending 2222 settled, then returned `settleMs` after it settled (a return after
   * settlement); a refunded charge refunded; a declined one declined; an id the sandbox never made
   * unknown (not found is no answer).
   */
  async transactionStatus(transactionId: string): Promise<TransactionStatus> {
    if (this.delayMs > 0) await sleep(this.delayMs);
    const made = readTransactionId(transactionId);
    if (!made) return { state: 'unknown', displayText: SANDBOX_TEXTS.unknownTransaction };
    if (this.refunds.some((refund) => refund.refundOf === transactionId))
      return { state: 'refunded', displayText: SANDBOX_TEXTS.refunded };
    switch (made.kind) {
      case 'declined':
        return { state: 'declined', displayText: SANDBOX_TEXTS.declined };
      case 'card':
      case 'refund':
        return { state: 'settled', displayText: SANDBOX_TEXTS.settled };
      case 'ach':
      case 'achReturned':
      case 'achReturnedLate': {
        const age = this.now().getTime() - made.at;
        if (age < this.settleMs) return { state: 'pending', displayText: SANDBOX_TEXTS.pending };
        if (made.kind === 'achReturned')
          return { state: 'returned', displayText: SANDBOX_TEXTS.accountClosed };
        if (made.kind === 'achReturnedLate' && age >= 2 * this.settleMs)
          return { state: 'returned', displayText: SANDBOX_TEXTS.notAuthorized };
        return { state: 'settled', displayText: SANDBOX_TEXTS.settled };
      }
    }
  }

  /** The approved charges and debits (what a statement would show), refunded ones included. */
  get charges(): SandboxRecord[] {
    return this.records.filter((record) => record.kind !== 'refund' && record.result.success);
  }

  /** The approved refunds. */
  get refunds(): SandboxRecord[] {
    return this.records.filter((record) => record.kind === 'refund' && record.result.success);
  }

  private once(key: string, run: () => Promise<PaymentResult>): Promise<PaymentResult> {
    const known = this.byKey.get(key);
    if (known) return known;
    const pending = (this.delayMs > 0 ? sleep(this.delayMs) : Promise.resolve()).then(run);
    this.byKey.set(key, pending);
    // Forget the oldest key past the limit (Map keeps insertion order).
    if (this.byKey.size > REMEMBERED_KEYS) this.byKey.delete(this.byKey.keys().next().value!);
    return pending;
  }

  private approved(kind: 'card' | 'ach' | 'achReturned' | 'achReturnedLate'): PaymentResult {
    return {
      success: true,
      transactionId: newTransactionId(kind, this.now()),
      displayText: SANDBOX_TEXTS.approved,
    };
  }

  private declined(displayText: string): PaymentResult {
    return { success: false, transactionId: newTransactionId('declined', this.now()), displayText };
  }
}
