import { apiClient, call, queryKey, useQuery, type ClientSearchRow } from 'shared-ui';

/** GET client/search?searchText=: clients by name, tax id or account id ('Search All Clients'). */
export const searchClients = (searchText: string): Promise<ClientSearchRow[]> =>
  call(apiClient.GET('/client/search', { params: { query: { searchText } } }));

/** An empty text asks nothing (the page shows Recently Viewed alone). */
export const useClientSearch = (searchText: string) =>
  useQuery(searchText === '' ? null : queryKey('/client/search', searchText), () =>
    searchClients(searchText),
  );
