import { documentSchema } from 'shared-domain/forms';
import { apiClient, call, type CartItemPayload, type DocumentPayload } from 'shared-ui';
import type { FormValues, LoadedDocument } from '../model.js';

/**
 * The form's values as the API takes them: cast by the same rules the server runs (numbers from
 * selects, trimmed text, the fields a 'no' hides dropped; a renewal keeps the plan's original effective
 * date), with the records the document is tied to.
 */
export function documentPayload(values: FormValues, document: LoadedDocument): DocumentPayload {
  const form = documentSchema.cast(values, {
    context: { colonial: document.partner?.colonial != null, renewal: document.originalDocumentId !== null },
    stripUnknown: true,
  }) as DocumentPayload;
  return {
    ...form,
    ...(document.strategicPartnerId ? { strategicPartnerId: document.strategicPartnerId } : {}),
    ...(document.documentId === null && document.clientId ? { clientId: document.clientId } : {}),
    ...(document.originalDocumentId ? { originalDocumentId: document.originalDocumentId } : {}),
  };
}

/** POST epop-document/{userId}: a new document without the cart (compliance, or a bypass partner). */
export const createDocument = (userId: string, payload: DocumentPayload) =>
  call(apiClient.POST('/epop-document/{id}', { params: { path: { id: userId } }, body: payload }));

/** POST epop-document/{documentId}: save a stored document's changes. */
export const saveDocument = (documentId: string, payload: DocumentPayload) =>
  call(apiClient.POST('/epop-document/{id}', { params: { path: { id: documentId } }, body: payload }));

/** The cart item of a document (Add to Cart, Update Cart): the server prices it. */
export function cartItemPayload(
  userId: string,
  productId: string,
  attributes: string[],
  payload: DocumentPayload,
  document: LoadedDocument,
): CartItemPayload {
  return {
    productId,
    quantity: 1,
    actionItemId: document.actionItem?.actionItemId ?? null,
    attributes,
    json: payload,
    userId,
    strategicPartnerId: document.strategicPartnerId,
  };
}

/** POST shopping-cart (Add to Cart). */
export const addToCart = (item: CartItemPayload) => call(apiClient.POST('/shopping-cart', { body: item }));

/** POST shopping-cart/{cartItemId} (Update Cart). */
export const updateCart = (cartItemId: string, item: CartItemPayload) =>
  call(apiClient.POST('/shopping-cart/{cartItemId}', { params: { path: { cartItemId } }, body: item }));

/** Whom an invitation goes to (the invite dialog). */
export interface Invitee {
  companyName: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** POST action-item/document-invite ('Send Invite', compliance's 'Invite to Purchase'). */
export const sendInvite = (invitee: Invitee, document: DocumentPayload, attributes: string[]) =>
  call(apiClient.POST('/action-item/document-invite', { body: { ...invitee, document, attributes } }));

/** POST epop-document/action-item/{actionItemId} ('Update invite', the assigned broker's). */
export const updateInvite = (actionItemId: string, payload: DocumentPayload) =>
  call(
    apiClient.POST('/epop-document/action-item/{actionItemId}', {
      params: { path: { actionItemId } },
      body: payload,
    }),
  );
