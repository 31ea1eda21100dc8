import type { Metrics } from 'service-kit/server';
import type { PaymentGateway, PaymentResult } from './gateway.js';

/** The payments counter's name: `payments_total{method, outcome}`. */
export const PAYMENTS_TOTAL = 'payments_total';

/**
 * The gateway with each charge and debit counted by method (`card`, `ach`) and outcome: `approved`,
 * `pending` (accepted, not decided yet: an ACH debit until it settles, a charge held for review),
 * `declined` (the processor refused it), `error` (no answer: a timeout, a lost connection; the
 * outcome is unknown). Nothing of the payment itself is recorded.
 */
export function countedPayments(gateway: PaymentGateway, metrics: Metrics): PaymentGateway {
  const payments = metrics.counter({
    name: PAYMENTS_TOTAL,
    help: 'Card charges and ACH debits sent to the payment processor, by method and outcome',
    labelNames: ['method', 'outcome'],
  });
  async function counted(method: 'card' | 'ach', call: () => Promise<PaymentResult>): Promise<PaymentResult> {
    let result: PaymentResult;
    try {
      result = await call();
    } catch (error) {
      payments.inc({ method, outcome: 'error' });
      throw error;
    }
    payments.inc({
      method,
      outcome: !result.success ? 'declined' : result.pending ? 'pending' : 'approved',
    });
    return result;
  }
  return {
    name: gateway.name,
    chargeCard: (charge) => counted('card', () => gateway.chargeCard(charge)),
    debitAccount: (debit) => counted('ach', () => gateway.debitAccount(debit)),
    refund: (refund) => gateway.refund(refund),
    transactionStatus: (transactionId) => gateway.transactionStatus(transactionId),
  };
}
