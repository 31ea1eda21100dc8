import { useApi } from 'shared-ui';

/**
 * GET cart/{cartItemId}/epop: the document a cart item holds, whose answers prefill the billing
 * address. Silent: the prefill is a convenience, and the form works without it.
 */
export const useCartDocument = (cartItemId: string | undefined) =>
  useApi('/cart/{cartItemId}/epop', cartItemId ? { path: { cartItemId } } : null, { silent: true });
