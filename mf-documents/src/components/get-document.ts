import { ApiError, apiClient, call, queryKey, reportError, useQuery, type EpopDocument } from 'shared-ui';

/**
 * GET epop-document/{documentId}: one stored document as the API answers it (the download page, the
 * admin page, the deactivate dialog). A 404 (missing, or not the caller's) is the page's to say; any
 * other failure is told as the catalogue says.
 */
export async function getDocument(documentId: string): Promise<EpopDocument> {
  const answer = await call(apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId } } }), {
    silent: true,
  }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status !== 404 && error.status !== 401) reportError(error);
    throw error;
  });
  // The same path answers a page for a user id; a document id gets the document.
  if ('pages' in answer) throw new Error('epop-document answered a page for a document id');
  return answer;
}

/** The cache key of a document as the API answers it ('form' is the order form's own reading). */
export const documentKey = (documentId: string) => queryKey('/epop-document/{id}', documentId, 'document');

export const useDocument = (documentId: string | null) =>
  useQuery(documentId ? documentKey(documentId) : null, () => getDocument(documentId!));

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A Colonial document: its partner has the Colonial block (no repayment; no-pay reasons instead). */
export const isColonial = (document: Pick<EpopDocument, 'partner'>) => document.partner?.colonial != null;

/** The company name a document's pages show ('POP Document' until it has one). */
export const companyOf = (document: Pick<EpopDocument, 'form'>) =>
  typeof document.form.clientCompanyName === 'string' && document.form.clientCompanyName.trim() !== ''
    ? document.form.clientCompanyName
    : 'POP Document';
