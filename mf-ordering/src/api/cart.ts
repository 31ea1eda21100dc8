import { apiClient, apiKey, call, useQuery, type Cart } from 'shared-ui';

/**
 * GET shopping-cart/{userId}: the items in the cart and those saved for later. The cart page, the top
 * bar's cart menu and the checkout's order summary read it: one request, one cache entry.
 */
export async function getCart(userId: string): Promise<Cart> {
  const answer = await call(apiClient.GET('/shopping-cart/{id}', { params: { path: { id: userId } } }));
  // The same path answers one cart item for a cart item's id; a user id gets the cart.
  if (!('items' in answer)) throw new Error('shopping-cart answered a cart item for a user id');
  return answer;
}

/** The cart of `userId` (undefined: no user yet, nothing read), under useApi's key of the path. */
export const useCart = (userId: string | undefined) =>
  useQuery(userId ? apiKey('/shopping-cart/{id}', { path: { id: userId } }) : null, () => getCart(userId!));
