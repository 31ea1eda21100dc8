import { mailReceipt, type MailDeps } from '../routes/order/receipt-mail.js';
import type { JobHandler } from './runner.js';

/** The kinds of job cart-api runs, and what each does (README "Jobs"). */
export const JOB_KINDS = {
  /** `{orderId}`: e-mail the order's receipt to its purchaser (enqueued with the order). */
  sendReceipt: 'send-receipt',
} as const;

export function jobHandlers(deps: MailDeps): Record<string, JobHandler> {
  return {
    [JOB_KINDS.sendReceipt]: async (payload) => mailReceipt(deps, (payload as { orderId: string }).orderId),
  };
}
