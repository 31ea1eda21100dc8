import { apiClient, call, queryKey, useQuery, type ChangeLogEntry } from 'shared-ui';

/** specs/3-admin.md §3 "Change log entry": id, changeDate, user, description. */
export type { ChangeLogEntry };

/** GET client/{clientId}/change-log: newest first. */
export const getChangeLog = (clientId: string): Promise<ChangeLogEntry[]> =>
  call(apiClient.GET('/client/{clientId}/change-log', { params: { path: { clientId } } }));

export const useChangeLog = (clientId: string) =>
  useQuery(queryKey('/client/{clientId}/change-log', clientId), () => getChangeLog(clientId));
