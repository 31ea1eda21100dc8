import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { paymentGatewayOf } from '../../payments/adapter.js';
import { countedPayments } from '../../payments/counted.js';
import type { PaymentGateway } from '../../payments/gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentGateway;
  }
}

export interface PaymentsPluginOptions {
  payments: Config['payments'];
  /** A gateway to use instead of the configured one (tests that watch the charges). */
  gateway?: PaymentGateway;
}

/**
 * Decorates `app.payments` with the adapter PAYMENT_GATEWAY names (README "Payments"; the choice is
 * `paymentGatewayOf`, shared with `run-jobs`): nothing starts without one.
 */
export default fp<PaymentsPluginOptions>(
  async (app, { payments, gateway }) => {
    // The sandbox on the service's clock (tests move it): an ACH debit settles when its delay has passed on it.
    // Counted by method and outcome (`payments_total`, README "Metrics"), whichever adapter it is.
    app.decorate(
      'payments',
      countedPayments(gateway ?? paymentGatewayOf(payments, () => app.now()), app.metrics),
    );
  },
  { name: 'payments', dependencies: ['clock'] },
);
