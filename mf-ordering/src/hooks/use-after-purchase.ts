import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { queryKey, type ApiPath } from 'shared-ui';
import { CART_ANSWERS } from './use-reread-cart.js';

/**
 * What a purchase changes for its user, cached under the user's id: the cart, its counts (the top
 * bar), the promo codes it used, and the action items it completed.
 */
const USER_ANSWERS: readonly ApiPath[] = [...CART_ANSWERS, '/action-item/{userId}/pending'];

/**
 * The documents a purchase paid (status Paid, its order and receipt link), under whatever key follows
 * the path (shared-ui's queryKey: `[path, ...parameters]`): My POP Documents (`[path, userId, page,
 * searchText]`), one document (`[path, documentId, 'form']`), its renewal, an action item's document,
 * a client's documents. Every cached entry of these paths is re-read, whoever's id it holds. (Written
 * as keys of no parameters, of which the path is the head.)
 */
const DOCUMENT_ANSWERS: readonly ApiPath[] = [
  queryKey('/epop-document/{id}'),
  queryKey('/epop-document/{id}/renew/{userId}'),
  queryKey('/epop-document/action-item/{actionItemId}'),
  queryKey('/client/{clientId}/document'),
].map(([path]) => path);

/** Whether an SWR cache key holds an answer a purchase by `userId` may have changed. */
function changedByPurchase(key: unknown, userId: string): boolean {
  if (!Array.isArray(key)) return false;
  const [path, first] = key as unknown[];
  return (
    DOCUMENT_ANSWERS.includes(path as ApiPath) || (USER_ANSWERS.includes(path as ApiPath) && first === userId)
  );
}

/**
 * Re-reads, after a purchase (free, card or ACH), every cached answer it changed: what the page shows
 * now is read again at once; an entry no screen shows is read again when a screen shows it (SWR's
 * revalidation on mount).
 */
export function useAfterPurchase(userId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => changedByPurchase(key, userId)), [mutate, userId]);
}
