import { apiClient, queryKey, useQuery, type ClientDetails } from 'shared-ui';
import { callUnlessNotFound } from '../../../lib/quiet-not-found.js';

/** GET client/{clientId}: the client details (specs/2-documents.md §7). */
export const getClient = (clientId: string): Promise<ClientDetails> =>
  callUnlessNotFound(apiClient.GET('/client/{clientId}', { params: { path: { clientId } } }));

export const useClient = (clientId: string) =>
  useQuery(queryKey('/client/{clientId}', clientId), () => getClient(clientId));
