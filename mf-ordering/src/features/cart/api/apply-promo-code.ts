import { apiClient, call } from 'shared-ui';

/** POST shopping-cart/{userId}/promo-code/{code}: the toast's text and the cart priced again. */
export const applyPromoCode = (userId: string, code: string) =>
  call(
    apiClient.POST('/shopping-cart/{userId}/promo-code/{code}', {
      params: { path: { userId, code } },
      body: {},
    }),
  );
