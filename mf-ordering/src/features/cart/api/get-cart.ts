import { api, useApi } from 'shared-ui';
import type { Cart } from 'shared-domain';
import { cartPath } from './keys.js';

/** GET shopping-cart/{userId}: the items in the cart and those saved for later. */
export const getCart = (userId: string) => api.get<Cart>(cartPath(userId));

export const useCart = (userId: string | undefined) => useApi<Cart>(userId ? cartPath(userId) : null);
