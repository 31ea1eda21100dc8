import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/**
 * GET product/epop/{userId}: the product with this user's attributes and default price, at the
 * prices of the partner the document is sold through (its custom pricing).
 */
export const useProduct = (userId: string, strategicPartnerId: string | null) =>
  useQuery(queryKey('/product/epop/{userId}', userId, strategicPartnerId), () =>
    call(
      apiClient.GET('/product/epop/{userId}', {
        params: { path: { userId }, query: strategicPartnerId ? { strategicPartnerId } : {} },
      }),
    ),
  );
