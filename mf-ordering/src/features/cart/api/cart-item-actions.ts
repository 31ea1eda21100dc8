import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from 'shared-ui';
import { isCartKeyOf } from './keys.js';

/** Cart item endpoints (§7 "Cart"): `itemId` is the item's cartItemId. */
export const saveForLater = (itemId: string) => api.post<unknown>(`shopping-cart/${itemId}/save-for-later`);
export const moveToCart = (itemId: string) => api.post<unknown>(`shopping-cart/${itemId}/move-to-cart`);
export const deleteCartItem = (itemId: string) => api.del<unknown>(`shopping-cart/${itemId}`);
export const purchaseFree = (userId: string) => api.post<unknown>(`shopping-cart/${userId}/purchase/free`);

/**
 * Re-reads every cart query of the user after a change, so the cart page, the counts and the
 * shell's cart menu (same SWR cache: swr is a shared singleton) agree.
 */
export function useRevalidateCart(userId: string | undefined) {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    if (userId) await mutate(isCartKeyOf(userId));
  }, [mutate, userId]);
}
