import { useApi } from 'shared-ui';

/** GET product/epop/{userId}: the one product for sale, with this user's price (§7). */
export const useProduct = (userId: string | undefined) =>
  useApi('/product/epop/{userId}', userId ? { path: { userId } } : null);
