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

/** GET epop-document/{documentId}/renew/{userId}: the next plan year's document, not stored yet. */
export async function loadRenewal(documentId: string, userId: string): Promise<LoadedDocument> {
  return fromDraft(
    await call(
      apiClient.GET('/epop-document/{id}/renew/{userId}', { params: { path: { id: documentId, userId } } }),
    ),
  );
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

/**
 * An action item's document (GET action-item/{id}, GET epop-document/action-item/{id}), with the
 * item: its type, and for an invite the broker it is assigned to (data.Document.BrokerId).
 */
export async function loadActionItemDocument(actionItemId: string): Promise<LoadedDocument> {
  const params = { params: { path: { actionItemId } } };
  const [item, document] = await Promise.all([
    call(apiClient.GET('/action-item/{actionItemId}', params)),
    call(apiClient.GET('/epop-document/action-item/{actionItemId}', params)),
  ]);
  return fromDocument(document, {
    actionItemId: item.id,
    itemType: item.itemType,
    brokerId: assignedBroker(item.json),
    openedFrom: 'item',
  });
}

/** The broker an invite is assigned to, from the item's JSON data; null when it names none. */
function assignedBroker(json: string): string | null {
  try {
    const data = JSON.parse(json) as { Document?: { BrokerId?: unknown } };
    return typeof data.Document?.BrokerId === 'string' ? data.Document.BrokerId : null;
  } catch {
    return null;
  }
}

export async function loadDocument(documentId: string, userId: string): Promise<LoadedDocument> {
  return fromDocument(await getDocument(documentId, userId));
}
