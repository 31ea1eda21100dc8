import { apiClient, call, type ApiBody } from 'shared-ui';

/** The whole app configuration, as the editor sends it. */
export type AppConfigPayload = ApiBody<'/system-message/config/app', 'post'>;

/** POST system-message/config/app: replace the configuration (logged field by field). */
export function saveAppConfig(body: AppConfigPayload) {
  return call(apiClient.POST('/system-message/config/app', { body }));
}
