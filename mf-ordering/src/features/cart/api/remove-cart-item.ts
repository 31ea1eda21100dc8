import { apiClient, call } from 'shared-ui';

/** DELETE shopping-cart/{itemId}: out of the cart or the saved-for-later list; answers the cart. */
export const removeCartItem = (cartItemId: string) =>
  call(apiClient.DELETE('/shopping-cart/{cartItemId}', { params: { path: { cartItemId } } }));
