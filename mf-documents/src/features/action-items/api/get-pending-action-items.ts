import { api, useApi } from 'shared-ui';
import type { PendingActionItems } from 'shared-domain';

/** GET action-item/{userId}/pending: open items grouped today, yesterday, pastweek, older (§7). */
const pendingPath = (userId: string) => `action-item/${encodeURIComponent(userId)}/pending`;

export const getPendingActionItems = (userId: string) => api.get<PendingActionItems>(pendingPath(userId));

export const usePendingActionItems = (userId: string | undefined) =>
  useApi<PendingActionItems>(userId ? pendingPath(userId) : null);
