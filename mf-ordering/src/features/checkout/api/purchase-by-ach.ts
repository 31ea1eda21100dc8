import { apiClient, call, type AchPaymentPayload } from 'shared-ui';

/**
 * POST shopping-cart/{userId}/purchase/ach: the server debits its own total of the cart, once.
 * The body's `expectedTotal` is the total the page shows: when the cart's differs the server answers
 * 409 and charges nothing.
 */
export const purchaseByAch = (userId: string, account: AchPaymentPayload) =>
  call(
    apiClient.POST('/shopping-cart/{userId}/purchase/ach', { params: { path: { userId } }, body: account }),
  );
