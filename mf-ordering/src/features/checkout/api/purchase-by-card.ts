import { apiClient, call, type CardPaymentPayload } from 'shared-ui';

/**
 * POST shopping-cart/{userId}/purchase/card: the server charges its own total of the cart, once.
 * The body's `expectedTotal` is the total the page shows: when the cart's differs the server answers
 * 409 and charges nothing.
 */
export const purchaseByCard = (userId: string, card: CardPaymentPayload) =>
  call(apiClient.POST('/shopping-cart/{userId}/purchase/card', { params: { path: { userId } }, body: card }));
