import { useCallback } from 'react';
import { apiClient, call, queryKey, useQuery, useRevalidate } from '../api/client.js';
import type { EpopDocument } from '../api/types.js';

/** POST epop-document/{documentId}/email/send-self: the three PDFs to the signed-in user. */
export const sendToSelf = (documentId: string) =>
  call(
    apiClient.POST('/epop-document/{documentId}/email/send-self', {
      params: { path: { documentId } },
      body: {},
    }),
  );

/** POST epop-document/{documentId}/email/send-all: the three PDFs to each of the document's addresses. */
export const sendToAll = (documentId: string) =>
  call(
    apiClient.POST('/epop-document/{documentId}/email/send-all', {
      params: { path: { documentId } },
      body: {},
    }),
  );

/** What the deactivate dialog sends (specs/2-documents.md §4 "Deactivation"). */
export interface Deactivation {
  reason: string;
  allowRepayment: boolean;
  /** Who is told to buy it again (with allowRepayment); '' for the document's primary e-mail. */
  sendTo: string;
}

/** POST epop-document/{documentId}/deactivate (compliance; a Paid document). */
export const deactivateDocument = (documentId: string, { reason, allowRepayment, sendTo }: Deactivation) =>
  call(
    apiClient.POST('/epop-document/{documentId}/deactivate', {
      params: { path: { documentId } },
      body: { reason, allowRepayment, ...(sendTo ? { sendTo } : {}) },
    }),
  );

/** POST epop-document/{documentId}/reactivate (compliance; a deactivated document). */
export const reactivateDocument = (documentId: string) =>
  call(
    apiClient.POST('/epop-document/{documentId}/reactivate', { params: { path: { documentId } }, body: {} }),
  );

/**
 * GET epop-document/{documentId}, the document as the API answers it, under the key mf-documents' pages
 * read it with (`'document'`: apart from My POP Documents' pages and the order form's reading of the
 * same path), so the deactivate dialog on the admin page finds it in the cache. `documentId` null reads
 * nothing. A 404 is the caller's to say.
 */
export function useDocumentAnswer(documentId: string | null) {
  return useQuery(
    documentId ? queryKey('/epop-document/{id}', documentId, 'document') : null,
    async (): Promise<EpopDocument> => {
      const answer = await call(
        apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId! } } }),
        { quiet: [404] },
      );
      // The same path answers a page for a user id; a document id gets the document.
      if ('pages' in answer) throw new Error('epop-document answered a page for a document id');
      return answer;
    },
  );
}

// Every answer a document's status shows in. Named through queryKey: 'client/{clientId}' begins like
// the /client screen.
const DOCUMENT_READS = [
  queryKey('/epop-document/{id}')[0],
  queryKey('/client/{clientId}/document')[0],
  queryKey('/order')[0],
];

/**
 * Re-reads every answer a document's status shows in (My POP Documents, a document, a client's
 * documents, Order Management): after a deactivation, a reactivation, a note or a no-pay reason, every
 * screen agrees.
 */
export function useRefreshDocuments() {
  const revalidate = useRevalidate();
  return useCallback(() => revalidate(DOCUMENT_READS), [revalidate]);
}
