import { apiClient, call, queryKey, useQuery, type ClientDocument } from 'shared-ui';

/** GET client/{clientId}/document: every document of the client (compliance: the inactive ones too). */
export const getClientDocuments = (clientId: string): Promise<ClientDocument[]> =>
  call(apiClient.GET('/client/{clientId}/document', { params: { path: { clientId } } }));

export const useClientDocuments = (clientId: string) =>
  useQuery(queryKey('/client/{clientId}/document', clientId), () => getClientDocuments(clientId));
