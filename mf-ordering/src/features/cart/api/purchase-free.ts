import { apiClient, call } from 'shared-ui';

/**
 * POST shopping-cart/{userId}/purchase/free: Complete, for a cart whose total is zero (§4 "Checkout").
 * `expectedTotal` is the total the page shows: when the cart's differs the server answers 409 and
 * completes nothing.
 */
export const purchaseFree = (userId: string, expectedTotal: number) =>
  call(
    apiClient.POST('/shopping-cart/{userId}/purchase/free', {
      params: { path: { userId } },
      body: { expectedTotal },
    }),
  );
