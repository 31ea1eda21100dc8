import { apiClient, call } from 'shared-ui';

/** DELETE shopping-cart/{userId}/promo-code/{code}: the code taken off and the cart priced again. */
export const removePromoCode = (userId: string, code: string) =>
  call(apiClient.DELETE('/shopping-cart/{userId}/promo-code/{code}', { params: { path: { userId, code } } }));
