import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/**
 * GET system-message/config/app (§7): the definitions, guide links and video ids the tutorial
 * shows. Silent: without it the tutorial still reads, only without those parts.
 */
export function useAppConfig() {
  return useQuery(queryKey('/system-message/config/app'), () =>
    call(apiClient.GET('/system-message/config/app'), { silent: true }),
  );
}
