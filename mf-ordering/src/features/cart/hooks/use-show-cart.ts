import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiKey, type Cart, type CartCounts } from 'shared-ui';

/**
 * Shows a cart the API answered (after an item action or a promo code) everywhere at once: the cart
 * page, the top bar's cart menu and the saved-for-later notice read the same SWR keys (swr is a
 * shared singleton), so they follow without asking the API again.
 */
export function useShowCart(userId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (cart: Cart) => {
      // Quantity is always 1 (§9): the counts are the lengths of the two lists.
      const counts: CartCounts = {
        cartCount: cart.items.length,
        savedForLaterCount: cart.savedForLater.length,
      };
      await Promise.all([
        mutate(apiKey('/shopping-cart/{id}', { path: { id: userId } }), cart, { revalidate: false }),
        mutate(apiKey('/shopping-cart/{userId}/count/saved-for-later', { path: { userId } }), counts, {
          revalidate: false,
        }),
      ]);
    },
    [mutate, userId],
  );
}
