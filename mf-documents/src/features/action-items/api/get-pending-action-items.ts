import { useApi } from 'shared-ui';

/** GET action-item/{userId}/pending: open items grouped today, yesterday, pastweek, older (§7). */
export const usePendingActionItems = (userId: string | undefined) =>
  useApi('/action-item/{userId}/pending', userId ? { path: { userId } } : null);
