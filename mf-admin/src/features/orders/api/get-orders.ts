import { PAGE_SIZE } from 'shared-domain';
import { useApi } from 'shared-ui';

/** GET order?page&pageSize=10&searchText= (specs/1-foundation.md §7). */
export const useOrders = (page: number, searchText: string) =>
  useApi('/order', { query: { page, pageSize: PAGE_SIZE, searchText } });
