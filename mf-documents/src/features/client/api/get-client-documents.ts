import { apiClient, queryKey, useQuery, type ClientDocument } from 'shared-ui';
import { callUnlessNotFound } from '../../../lib/quiet-not-found.js';

/** GET client/{clientId}/document: the client's documents, newest first. */
export const getClientDocuments = (clientId: string): Promise<ClientDocument[]> =>
  callUnlessNotFound(apiClient.GET('/client/{clientId}/document', { params: { path: { clientId } } }));

export const useClientDocuments = (clientId: string) =>
  useQuery(queryKey('/client/{clientId}/document', clientId), () => getClientDocuments(clientId));
