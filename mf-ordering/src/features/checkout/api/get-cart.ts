import { apiClient, call, queryKey, useQuery, type Cart } from 'shared-ui';

/**
 * GET shopping-cart/{userId}: the cart the checkout's order summary shows. The cart feature reads the
 * same endpoint under the same key (features do not import each other): one request, one cache entry.
 */
export async function getCart(userId: string): Promise<Cart> {
  const answer = await call(apiClient.GET('/shopping-cart/{id}', { params: { path: { id: userId } } }));
  if (!('items' in answer)) throw new Error('shopping-cart answered a cart item for a user id');
  return answer;
}

export const useCart = (userId: string) =>
  useQuery(queryKey('/shopping-cart/{id}', userId), () => getCart(userId));
