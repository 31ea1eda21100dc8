import { apiClient, call, useApi, type ApiResult } from 'shared-ui';

export type TestBcn = ApiResult<'/colonial/bcn'>[number];

/** GET colonial/bcn: the test BCNs (undefined while they load). */
export function useTestBcns() {
  const { data, ...rest } = useApi('/colonial/bcn');
  return { bcns: data, ...rest };
}

/** POST colonial/bcn {bcn}: one item of the list; a refusal is told as its own error toast. */
export const addTestBcn = (bcn: string) => call(apiClient.POST('/colonial/bcn', { body: { bcn } }));

/** GET client/search?bcn=: the client that has this BCN. */
export const searchClientsByBcn = (bcn: string) =>
  call(apiClient.GET('/client/search', { params: { query: { searchText: '', bcn } } }));
