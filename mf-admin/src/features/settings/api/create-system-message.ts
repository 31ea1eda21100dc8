import { apiClient, call, type ApiBody } from 'shared-ui';

/** What the editor sends: the whole message. */
export type SystemMessagePayload = ApiBody<'/system-message', 'post'>;

/** POST system-message: publish a message (logged). */
export function createSystemMessage(body: SystemMessagePayload) {
  return call(apiClient.POST('/system-message', { body }));
}
