import { useCallback } from 'react';
import { useRevalidate, type ApiPath } from 'shared-ui';

/**
 * The cart as the pages and the top bar show it, each keyed by the user's id: the cart, its counts
 * and the promo codes applied to it.
 */
export const CART_ANSWERS: readonly ApiPath[] = [
  '/shopping-cart/{id}',
  '/shopping-cart/{userId}/count/saved-for-later',
  '/discount/{id}',
];

/**
 * Re-reads the user's cart everywhere it shows: after a purchase the server refused because the
 * cart changed under the page (409, nothing charged), the page shows the cart and total as they now are.
 */
export function useRereadCart(userId: string) {
  const revalidate = useRevalidate();
  return useCallback(() => revalidate(CART_ANSWERS, userId), [revalidate, userId]);
}
