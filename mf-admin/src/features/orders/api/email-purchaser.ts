import { apiClient, call } from 'shared-ui';

/** Email Purchaser: e-mails the order's receipt (with its PDF) to the purchaser again. Answers sentTo. */
export function emailPurchaser(orderId: string) {
  return call(
    apiClient.POST('/order/{orderId}/email-purchaser', { params: { path: { orderId } }, body: {} }),
  );
}
