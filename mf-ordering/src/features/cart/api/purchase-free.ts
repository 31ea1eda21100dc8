import { apiClient, call } from 'shared-ui';

/** POST shopping-cart/{userId}/purchase/free: Complete, for a cart whose total is zero (§4 "Checkout"). */
export const purchaseFree = (userId: string) =>
  call(apiClient.POST('/shopping-cart/{userId}/purchase/free', { params: { path: { userId } }, body: {} }));
