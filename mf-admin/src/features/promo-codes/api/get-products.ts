import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET product: every product by name (the editor's Product select, after 'All products'). */
export const getProducts = () => call(apiClient.GET('/product'));

export function useProducts() {
  const { data, ...rest } = useQuery(queryKey('/product'), getProducts);
  return { products: data ?? [], ...rest };
}
