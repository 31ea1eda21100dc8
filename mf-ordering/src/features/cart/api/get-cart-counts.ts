import { api, useApi } from 'shared-ui';
import type { CartCounts } from 'shared-domain';
import { cartCountsPath } from './keys.js';

/** GET shopping-cart/{userId}/count/saved-for-later: cartCount and savedForLaterCount. */
export const getCartCounts = (userId: string) => api.get<CartCounts>(cartCountsPath(userId));

export const useCartCounts = (userId: string | undefined) =>
  useApi<CartCounts>(userId ? cartCountsPath(userId) : null);
