import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET action-item/{userId}/pending: open items grouped today, yesterday, pastweek, older (§7). */
export const getPendingActionItems = (userId: string) =>
  call(apiClient.GET('/action-item/{userId}/pending', { params: { path: { userId } } }));

export const usePendingActionItems = (userId: string | undefined) =>
  useQuery(userId ? queryKey('/action-item/{userId}/pending', userId) : null, () =>
    getPendingActionItems(userId!),
  );
