import { apiClient, call } from 'shared-ui';

/** Mark as Reviewed: hides the new-order highlight (§4 Order). */
export function hideOrder(orderId: string) {
  return call(apiClient.POST('/order/{orderId}/hide', { params: { path: { orderId } }, body: {} }));
}
