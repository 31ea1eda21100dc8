import { apiClient, call, queryKey, useQuery, type EpopDocument } from 'shared-ui';

/**
 * GET epop-document/{documentId}: one stored document as the API answers it (the download page, the
 * admin page, the deactivate dialog, the non-discrimination testing). A 404 (missing, or not the
 * caller's) is the page's to say (`isNotFound`); any other failure is told as the catalogue says.
 */
export async function getDocument(documentId: string): Promise<EpopDocument> {
  const answer = await call(apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId } } }), {
    quiet: [404],
  });
  // The same path answers a page for a user id; a document id gets the document.
  if ('pages' in answer) throw new Error('epop-document answered a page for a document id');
  return answer;
}

/**
 * The cache key of a document as the API answers it: keyed apart from My POP Documents' pages and the
 * order form's reading of the same path ('form'), which keep other shapes.
 */
export const documentKey = (documentId: string) => queryKey('/epop-document/{id}', documentId, 'document');

/** `documentId` null reads nothing. */
export const useDocument = (documentId: string | null) =>
  useQuery(documentId ? documentKey(documentId) : null, () => getDocument(documentId!));
