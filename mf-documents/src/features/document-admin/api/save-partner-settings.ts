import { apiClient, call, type DocumentPayload } from 'shared-ui';

/** What the admin document save changes: the partner and its identifiers (the body is a patch). */
export type PartnerSettingsPayload = Required<
  Pick<
    DocumentPayload,
    'strategicPartnerId' | 'accountId' | 'accountIdSuffix' | 'agentNumber' | 'groupId' | 'shortPlanYear'
  >
>;

/** POST epop-document/{documentId}: the admin document save (specs/2-documents.md §4). */
export const saveDocumentPartner = (documentId: string, payload: PartnerSettingsPayload) =>
  call(apiClient.POST('/epop-document/{id}', { params: { path: { id: documentId } }, body: payload }));

/** POST client/{clientId}/partner: 'Update Client Level' (the client's partner and account id). */
export const updateClientPartner = (clientId: string, strategicPartnerId: string | null, accountId: string) =>
  call(
    apiClient.POST('/client/{clientId}/partner', {
      params: { path: { clientId } },
      body: { clientId, accountId, strategicPartnerId },
    }),
  );
