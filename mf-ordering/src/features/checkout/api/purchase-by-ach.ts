import { apiClient, call, type AchPaymentPayload } from 'shared-ui';

/** POST shopping-cart/{userId}/purchase/ach: the server debits its own total of the cart, once. */
export const purchaseByAch = (userId: string, account: AchPaymentPayload) =>
  call(
    apiClient.POST('/shopping-cart/{userId}/purchase/ach', { params: { path: { userId } }, body: account }),
  );
