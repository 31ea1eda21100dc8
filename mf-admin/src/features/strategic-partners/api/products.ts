import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET product: the products (auto-renew's product select). */
export function useProducts() {
  const { data, ...rest } = useQuery(queryKey('/product'), () => call(apiClient.GET('/product')));
  return { products: data ?? [], ...rest };
}
