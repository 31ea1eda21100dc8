import { useCallback } from 'react';
import { apiClient, call, queryKey, useRevalidate } from 'shared-ui';

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
 * Re-reads every answer a document's status shows in (My POP Documents, a document, the client's
 * documents): after a deactivation, a reactivation or a no-pay reason, every screen agrees.
 */
export function useRefreshDocuments() {
  const revalidate = useRevalidate();
  return useCallback(() => revalidate(DOCUMENT_READS), [revalidate]);
}

// Named through queryKey: 'client/{clientId}' begins like the /client screen.
const DOCUMENT_READS = [queryKey('/epop-document/{id}')[0], queryKey('/client/{clientId}/document')[0]];
