import { apiClient, call } from 'shared-ui';

/** Bulk Mark as Reviewed: the orders selected (at most a page). Answers `{reviewed, notFound}`. */
export function markReviewed(orderIds: string[]) {
  return call(apiClient.POST('/order/reviewed', { body: { orderIds } }));
}
