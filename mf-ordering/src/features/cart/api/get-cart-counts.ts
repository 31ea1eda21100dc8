import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET shopping-cart/{userId}/count/saved-for-later: cartCount and savedForLaterCount. */
export const getCartCounts = (userId: string) =>
  call(apiClient.GET('/shopping-cart/{userId}/count/saved-for-later', { params: { path: { userId } } }));

export const useCartCounts = (userId: string | undefined) =>
  useQuery(userId ? queryKey('/shopping-cart/{userId}/count/saved-for-later', userId) : null, () =>
    getCartCounts(userId!),
  );
