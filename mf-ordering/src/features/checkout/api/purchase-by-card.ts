import { apiClient, call, type CardPaymentPayload } from 'shared-ui';

/** POST shopping-cart/{userId}/purchase/card: the server charges its own total of the cart, once. */
export const purchaseByCard = (userId: string, card: CardPaymentPayload) =>
  call(apiClient.POST('/shopping-cart/{userId}/purchase/card', { params: { path: { userId } }, body: card }));
