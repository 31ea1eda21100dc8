import { PAGE_SIZE } from 'shared-domain';
import { apiClient, call, queryKey, useQuery, type DocumentPage } from 'shared-ui';

export interface DocumentsQuery {
  page: number;
  searchText: string;
}

/** GET epop-document/{userId}?page=&pageSize=10&searchText= (specs/1-foundation.md §7). */
export async function getDocuments(
  userId: string,
  { page, searchText }: DocumentsQuery,
): Promise<DocumentPage> {
  const answer = await call(
    apiClient.GET('/epop-document/{id}', {
      params: { path: { id: userId }, query: { page, pageSize: PAGE_SIZE, searchText } },
    }),
  );
  // The same path answers one document for a document's id; a user id gets the page.
  if (!('pages' in answer)) throw new Error('epop-document answered a document for a user id');
  return answer;
}

export const useDocuments = (userId: string | undefined, query: DocumentsQuery) =>
  useQuery(userId ? queryKey('/epop-document/{id}', userId, query.page, query.searchText) : null, () =>
    getDocuments(userId!, query),
  );
