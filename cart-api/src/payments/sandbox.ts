import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AccountDebit, CardCharge, PaymentGateway, PaymentResult, Refund } from './gateway.js';

/** How many idempotency keys the sandbox remembers (a processor keeps them a day or so). */
const REMEMBERED_KEYS = 10_000;

/** The sandbox's triggers (README "Payments"), as a processor's test environment documents its own. */
export const SANDBOX_TRIGGERS = {
  declinedZip: '46282',
  cvvMismatch: '901',
  insufficientFundsSuffix: '0000',
} as const;

export const SANDBOX_TEXTS = {
  approved: 'This transaction has been approved.',
  refunded: 'This transaction has been refunded.',
  unknownTransaction: 'The referenced transaction does not exist.',
  declined: 'This transaction has been declined.',
  cvvMismatch: 'This transaction has been declined because the card code (CVV) does not match.',
  insufficientFunds: 'This transaction has been declined: the account has insufficient funds.',
} as const;

/** Processors' transaction ids are long numbers: 11 digits, never starting with 0. */
const newTransactionId = () => `${randomInt(1, 10)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

/** What the sandbox saw of a payment: the amount and the last four digits, like a processor's report. */
export interface SandboxRecord {
  idempotencyKey: string;
  kind: 'card' | 'ach' | 'refund';
  amountCents: number;
  last4: string;
  result: PaymentResult;
}

/**
 * A processor's test environment in-process: approves every (already checked) card and account but
 * its triggers, answers a repeated idempotency key with the first result without charging again,
 * and waits `delayMs` per call like a network round trip. Keeps its records in memory: it is a
 * sandbox, its charges are not money.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  /** Every payment that reached the "processor" once (retries with the same key are not new charges). */
  readonly records: SandboxRecord[] = [];
  private readonly byKey = new Map<string, Promise<PaymentResult>>();

  constructor(private readonly delayMs = 0) {}

  chargeCard(charge: CardCharge): Promise<PaymentResult> {
    return this.once(charge.idempotencyKey, async () => {
      let result: PaymentResult;
      if (charge.billing.zip.startsWith(SANDBOX_TRIGGERS.declinedZip)) {
        result = this.declined(SANDBOX_TEXTS.declined);
      } else if (charge.card.cvv === SANDBOX_TRIGGERS.cvvMismatch) {
        result = this.declined(SANDBOX_TEXTS.cvvMismatch);
      } else {
        result = this.approved();
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
      const result = debit.account.accountNumber.endsWith(SANDBOX_TRIGGERS.insufficientFundsSuffix)
        ? this.declined(SANDBOX_TEXTS.insufficientFunds)
        : this.approved();
      this.records.push({
        idempotencyKey: debit.idempotencyKey,
        kind: 'ach',
        amountCents: debit.amountCents,
        last4: debit.account.accountNumber.slice(-4),
        result,
      });
      return result;
    });
  }

  refund(refund: Refund): Promise<PaymentResult> {
    return this.once(refund.idempotencyKey, async () => {
      const charge = this.charges.find((record) => record.result.transactionId === refund.transactionId);
      const result: PaymentResult = charge
        ? { success: true, transactionId: newTransactionId(), displayText: SANDBOX_TEXTS.refunded }
        : { success: false, transactionId: null, displayText: SANDBOX_TEXTS.unknownTransaction };
      this.records.push({
        idempotencyKey: refund.idempotencyKey,
        kind: 'refund',
        amountCents: refund.amountCents,
        last4: charge?.last4 ?? '',
        result,
      });
      return result;
    });
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

  private approved(): PaymentResult {
    return { success: true, transactionId: newTransactionId(), displayText: SANDBOX_TEXTS.approved };
  }

  private declined(displayText: string): PaymentResult {
    return { success: false, transactionId: newTransactionId(), displayText };
  }
}
