import { api } from 'shared-ui';

/** Mark as Reviewed: hides the new-order highlight (§4 Order). */
export function hideOrder(orderId: string) {
  return api.post<unknown>(`order/${encodeURIComponent(orderId)}/hide`);
}
