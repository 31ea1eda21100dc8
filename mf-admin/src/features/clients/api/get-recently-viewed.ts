import { apiClient, call, queryKey, useQuery, type ClientSearchRow } from 'shared-ui';

/** GET client/recently-viewed: the clients the caller opened last, newest first. */
export const getRecentlyViewed = (): Promise<ClientSearchRow[]> =>
  call(apiClient.GET('/client/recently-viewed'));

export const useRecentlyViewed = () => useQuery(queryKey('/client/recently-viewed'), getRecentlyViewed);
