import { useApi } from 'shared-ui';

/** GET shopping-cart/{userId}/count/saved-for-later: cartCount and savedForLaterCount. */
export const useCartCounts = (userId: string | undefined) =>
  useApi('/shopping-cart/{userId}/count/saved-for-later', userId ? { path: { userId } } : null);
