import { api, useApi } from 'shared-ui';
import { PRODUCT_CODE_EPOP, type Product } from 'shared-domain';

/** GET product/epop/{userId}: the one product for sale, with this user's price (§7). */
const productPath = (userId: string) => `product/${PRODUCT_CODE_EPOP}/${userId}`;

export const getProduct = (userId: string) => api.get<Product>(productPath(userId));

export const useProduct = (userId: string | undefined) =>
  useApi<Product>(userId ? productPath(userId) : null);
