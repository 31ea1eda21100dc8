import type { Config } from '../config.js';
import { AuthorizeNetGateway } from './authorize-net/gateway.js';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';

/**
 * The adapter PAYMENT_GATEWAY names (README "Payments"), for the service (plugins/app/payments.ts) and
 * the `run-jobs` command alike: `sandbox` (the in-process test processor, on `now`: the service's
 * clock) or `authorize-net` (its account from AUTHORIZE_NET_*, checked by loadConfig). Throws, naming
 * what is wrong, when there is none: production takes payments with the sandbox only when named.
 */
export function paymentGatewayOf(payments: Config['payments'], now?: () => Date): PaymentGateway {
  if (payments.gateway === '') {
    throw new Error('PAYMENT_GATEWAY is required when NODE_ENV=production (the sandbox only when named)');
  }
  if (payments.gateway === 'authorize-net') {
    // loadConfig refuses to start without the account; a config built by hand is checked here.
    if (!payments.authorizeNet) {
      throw new Error('PAYMENT_GATEWAY=authorize-net needs its AUTHORIZE_NET_* account (README "Payments")');
    }
    return new AuthorizeNetGateway(payments.authorizeNet);
  }
  if (payments.gateway !== 'sandbox') {
    throw new Error(
      `PAYMENT_GATEWAY "${payments.gateway}" has no adapter; the ones available are "sandbox" and "authorize-net"`,
    );
  }
  return new SandboxGateway({
    delayMs: payments.sandboxDelayMs,
    settleMs: payments.sandboxSettleMs,
    ...(now && { now }),
  });
}
