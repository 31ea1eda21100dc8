import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET product/epop/{userId}: the one product for sale, with this user's price (§7). */
export const getProduct = (userId: string) =>
  call(apiClient.GET('/product/epop/{userId}', { params: { path: { userId } } }));

export const useProduct = (userId: string | undefined) =>
  useQuery(userId ? queryKey('/product/epop/{userId}', userId) : null, () => getProduct(userId!));
