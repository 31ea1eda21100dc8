import { useApi, type ChangeLogEntry } from 'shared-ui';

/** specs/3-admin.md §3 "Change log entry": id, changeDate, user, description. */
export type { ChangeLogEntry };

/** GET client/{clientId}/change-log: newest first. */
export const useChangeLog = (clientId: string) =>
  useApi('/client/{clientId}/change-log', { path: { clientId } });
