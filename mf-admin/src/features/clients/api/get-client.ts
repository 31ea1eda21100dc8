import { apiClient, queryKey, useQuery, type ClientDetails } from 'shared-ui';
import { callUnlessNotFound } from './call-quietly.js';

/** GET client/{clientId}: the client (opening it records it among the caller's Recently Viewed). */
export const getClient = (clientId: string): Promise<ClientDetails> =>
  callUnlessNotFound(apiClient.GET('/client/{clientId}', { params: { path: { clientId } } }));

export const useClient = (clientId: string) =>
  useQuery(queryKey('/client/{clientId}', clientId), () => getClient(clientId));
