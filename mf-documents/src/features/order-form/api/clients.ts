import { apiClient, call, useApi } from 'shared-ui';

/**
 * GET client/search?searchText= (compliance): the existing clients a new document may be for, by
 * name, tax id or account id. An empty text asks nothing.
 */
export const useClientSearch = (searchText: string) =>
  useApi('/client/search', searchText === '' ? null : { query: { searchText } });

/** GET client/{clientId}: the chosen client's company fields, which the form then takes. */
export const getClient = (clientId: string) =>
  call(apiClient.GET('/client/{clientId}', { params: { path: { clientId } } }));
