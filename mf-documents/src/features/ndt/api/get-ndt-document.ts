import { apiClient, queryKey, useQuery, type EpopDocument } from 'shared-ui';
import { callUnlessNotFound } from '../../../lib/quiet-not-found.js';

/** GET epop-document/{documentId}: the document to test (company, plan year, status, read-only). */
export async function getNdtDocument(documentId: string): Promise<EpopDocument> {
  const answer = await callUnlessNotFound(
    apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId } } }),
  );
  // The same path answers a page of documents for a user id; a document id gets the document.
  if ('pages' in answer) throw new Error('epop-document answered a page for a document id');
  return answer;
}

// Keyed apart from the order form's and the list's reads of the same path (they keep other shapes).
export const useNdtDocument = (documentId: string) =>
  useQuery(queryKey('/epop-document/{id}', documentId, 'ndt'), () => getNdtDocument(documentId));
