import { apiClient, call, useApi } from 'shared-ui';

/** GET system-message/config/refresh-token: whether sessions refresh their access token. */
export const useRefreshTokenSetting = () => useApi('/system-message/config/refresh-token');

/** POST system-message/config/refresh-token (logged). */
export function saveRefreshTokenSetting(enabled: boolean) {
  return call(apiClient.POST('/system-message/config/refresh-token', { body: { enabled } }));
}
