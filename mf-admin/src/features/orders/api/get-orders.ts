import { PAGE_SIZE, type Order, type Page } from 'shared-domain';
import { useApi } from 'shared-ui';

/** GET order?page&pageSize=10&searchText= (specs/1-foundation.md §7). */
export function ordersPath(page: number, searchText: string) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), searchText });
  return `order?${query.toString()}`;
}

export function useOrders(page: number, searchText: string) {
  return useApi<Page<Order>>(ordersPath(page, searchText));
}
