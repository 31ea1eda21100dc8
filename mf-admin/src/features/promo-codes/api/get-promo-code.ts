import { apiClient, call, queryKey, useQuery } from 'shared-ui';
import type { PromoCode } from './get-promo-codes.js';

/**
 * GET discount/{id}: one promo code. The path is shared with `discount/{userId}` (a cart's applied
 * codes, an array), so an answer that is not one code is treated as none.
 */
export async function getPromoCode(id: string): Promise<PromoCode> {
  const answer = await call(apiClient.GET('/discount/{id}', { params: { path: { id } } }));
  if (Array.isArray(answer)) throw new Error(`discount/${id} is not a promo code`);
  return answer;
}

/** `id` undefined (a new code) reads nothing. */
export function usePromoCode(id: string | undefined) {
  return useQuery(id === undefined ? null : queryKey('/discount/{id}', id), () => getPromoCode(id!));
}
