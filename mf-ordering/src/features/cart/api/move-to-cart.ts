import { apiClient, call } from 'shared-ui';

/** POST shopping-cart/{itemId}/move-to-cart: answers the cart as it now is. */
export const moveToCart = (cartItemId: string) =>
  call(
    apiClient.POST('/shopping-cart/{cartItemId}/move-to-cart', {
      params: { path: { cartItemId } },
      body: {},
    }),
  );
