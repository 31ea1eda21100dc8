import { apiClient, call, type EpopDocument } from 'shared-ui';
import { fromCartItem, fromDocument, fromDraft, type LoadedDocument } from '../model.js';

/** GET epop/document/new/{userId}: a blank document, for a strategic partner when one is named. */
export async function loadNewDocument(userId: string, strategicPartnerId?: string): Promise<LoadedDocument> {
  const draft = await call(
    apiClient.GET('/epop/document/new/{userId}', {
      params: { path: { userId }, query: strategicPartnerId ? { strategicPartnerId } : {} },
    }),
  );
  return fromDraft(draft);
}

/** GET cart/{cartItemId}/epop: the document a cart item holds. */
export async function loadCartDocument(cartItemId: string): Promise<LoadedDocument> {
  return fromCartItem(
    await call(apiClient.GET('/cart/{cartItemId}/epop', { params: { path: { cartItemId } } })),
  );
}

/** GET epop-document/{documentId}?userId: one stored document. */
export async function getDocument(documentId: string, userId: string): Promise<EpopDocument> {
  const answer = await call(
    apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId }, query: { userId } } }),
  );
  // The same path answers a page for a user id; a document id gets the document.
  if ('pages' in answer) throw new Error('epop-document answered a page for a document id');
  return answer;
}

export async function loadDocument(documentId: string, userId: string): Promise<LoadedDocument> {
  return fromDocument(await getDocument(documentId, userId));
}
