import { apiClient, call, queryKey, useQuery, type AppliedPromoCode } from 'shared-ui';

/** GET discount/{userId}: the promo codes applied to the user's cart. */
export async function getAppliedPromoCodes(userId: string): Promise<AppliedPromoCode[]> {
  const answer = await call(apiClient.GET('/discount/{id}', { params: { path: { id: userId } } }));
  // The same path answers one promo code for a code's id (compliance); a user id gets the list.
  if (!Array.isArray(answer)) throw new Error('discount answered one promo code for a user id');
  return answer;
}

export const useAppliedPromoCodes = (userId: string | undefined) =>
  useQuery(userId ? queryKey('/discount/{id}', userId) : null, () => getAppliedPromoCodes(userId!));
