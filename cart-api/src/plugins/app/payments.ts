import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import { SandboxGateway } from '../../payments/sandbox.js';

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
 * Decorates `app.payments` with the adapter PAYMENT_GATEWAY names. Only the sandbox exists: a real
 * processor is one more class implementing PaymentGateway, chosen here (README "Payments").
 */
export default fp<PaymentsPluginOptions>(
  async (app, { payments, gateway }) => {
    if (gateway) {
      app.decorate('payments', gateway);
      return;
    }
    if (payments.gateway === '') {
      // Production never takes payments by accident with the sandbox: it is named or nothing starts.
      throw new Error('PAYMENT_GATEWAY is required when NODE_ENV=production (the sandbox only when named)');
    }
    if (payments.gateway !== 'sandbox') {
      throw new Error(`PAYMENT_GATEWAY "${payments.gateway}" has no adapter; the one available is "sandbox"`);
    }
    app.decorate('payments', new SandboxGateway(payments.sandboxDelayMs));
  },
  { name: 'payments' },
);
