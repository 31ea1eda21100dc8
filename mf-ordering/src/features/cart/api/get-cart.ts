import { apiClient, call, queryKey, useQuery, type Cart } from 'shared-ui';

/** GET shopping-cart/{userId}: the items in the cart and those saved for later. */
export async function getCart(userId: string): Promise<Cart> {
  const answer = await call(apiClient.GET('/shopping-cart/{id}', { params: { path: { id: userId } } }));
  // The same path answers one cart item for a cart item's id; a user id gets the cart.
  if (!('items' in answer)) throw new Error('shopping-cart answered a cart item for a user id');
  return answer;
}

export const useCart = (userId: string | undefined) =>
  useQuery(userId ? queryKey('/shopping-cart/{id}', userId) : null, () => getCart(userId!));
