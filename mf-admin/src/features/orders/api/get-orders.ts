import { PAGE_SIZE } from 'shared-domain';
import { useApi } from 'shared-ui';
import type { OrderFilters } from '../hooks/use-order-filters.js';

/**
 * GET order?page&pageSize=10&searchText= (specs/1-foundation.md §7) with Order Management's filters;
 * a filter not set is not sent.
 */
export const useOrders = ({ page, searchText, from, to, newOnly, partner }: OrderFilters) =>
  useApi('/order', {
    query: {
      page,
      pageSize: PAGE_SIZE,
      searchText,
      ...(from && { from }),
      ...(to && { to }),
      ...(newOnly && { newOnly }),
      ...(partner && { partner }),
    },
  });
