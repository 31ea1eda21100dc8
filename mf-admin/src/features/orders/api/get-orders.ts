import { PAGE_SIZE } from 'shared-domain';
import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET order?page&pageSize=10&searchText= (specs/1-foundation.md §7). */
export const getOrders = (page: number, searchText: string) =>
  call(apiClient.GET('/order', { params: { query: { page, pageSize: PAGE_SIZE, searchText } } }));

export function useOrders(page: number, searchText: string) {
  return useQuery(queryKey('/order', page, searchText), () => getOrders(page, searchText));
}
