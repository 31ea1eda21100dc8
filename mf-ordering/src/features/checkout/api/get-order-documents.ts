import { apiClient, call, queryKey, useQuery, type DocumentListRow } from 'shared-ui';

/** The most rows one page holds (service-kit's MAX_PAGE_SIZE). */
const PAGE_SIZE = 100;

/**
 * The documents an order paid, from My POP Documents (`GET epop-document/{userId}`, newest first: a
 * document bought now is among the first rows), each row naming its latest order. No API names an
 * order's documents for its purchaser; silent, since the success page links My POP Documents anyway.
 */
export async function getOrderDocuments(userId: string, orderId: string): Promise<DocumentListRow[]> {
  const answer = await call(
    apiClient.GET('/epop-document/{id}', {
      params: { path: { id: userId }, query: { page: 1, pageSize: PAGE_SIZE } },
    }),
    { silent: true },
  );
  // The same path answers one document for a document's id; a user id gets a page.
  if (!('data' in answer)) throw new Error('epop-document answered one document for a user id');
  return answer.data.filter((row) => row.orderId === orderId);
}

export const useOrderDocuments = (userId: string, orderId: string) =>
  useQuery(queryKey('/epop-document/{id}', userId, 'order', orderId), () =>
    getOrderDocuments(userId, orderId),
  );
