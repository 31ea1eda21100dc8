import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET product/epop/{userId}: the product with this user's attributes and default price. */
export const useProduct = (userId: string) =>
  useQuery(queryKey('/product/epop/{userId}', userId), () =>
    call(apiClient.GET('/product/epop/{userId}', { params: { path: { userId } } })),
  );
