import { apiClient, call } from 'shared-ui';

/** POST shopping-cart/{itemId}/save-for-later: answers the cart as it now is. */
export const saveForLater = (cartItemId: string) =>
  call(
    apiClient.POST('/shopping-cart/{cartItemId}/save-for-later', {
      params: { path: { cartItemId } },
      body: {},
    }),
  );
