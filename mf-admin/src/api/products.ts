import { useApi } from 'shared-ui';

/** GET product: every product by name (the promo code editor's Product select, auto-renew's product select). */
export function useProducts() {
  const { data, ...rest } = useApi('/product');
  return { products: data ?? [], ...rest };
}
