import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/**
 * GET system-message/config/app: the key employee and HCE definitions the instructions quote. Silent:
 * without it the instructions still read, only without the configured definitions.
 */
export const useAppConfig = () =>
  useQuery(queryKey('/system-message/config/app'), () =>
    call(apiClient.GET('/system-message/config/app'), { silent: true }),
  );
