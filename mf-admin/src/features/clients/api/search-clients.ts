import { useApi } from 'shared-ui';

/**
 * GET client/search?searchText=: clients by name, tax id or account id ('Search All Clients'). An
 * empty text asks nothing (the page shows Recently Viewed alone).
 */
export const useClientSearch = (searchText: string) =>
  useApi('/client/search', searchText === '' ? null : { query: { searchText } });
