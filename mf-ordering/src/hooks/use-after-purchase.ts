import { useCallback } from 'react';
import { useRevalidate } from 'shared-ui';

/**
 * What a purchase changes besides the cart: its counts (the top bar), the promo codes it used, the
 * documents it paid (My POP Documents and their receipt links) and the action items it completed.
 */
const CHANGED_BY_A_PURCHASE = [
  '/shopping-cart/{id}',
  '/shopping-cart/{userId}/count/saved-for-later',
  '/discount/{id}',
  '/epop-document/{id}',
  '/action-item/{userId}/pending',
] as const;

/** Re-reads, after a purchase (free, card or ACH), every answer it changed for this user. */
export function useAfterPurchase(userId: string) {
  const revalidate = useRevalidate();
  return useCallback(() => revalidate(CHANGED_BY_A_PURCHASE, userId), [revalidate, userId]);
}
