import { apiClient, call } from 'shared-ui';

/** DELETE system-message/{systemMessageId} (logged with what it said). */
export function deleteSystemMessage(systemMessageId: string) {
  return call(
    apiClient.DELETE('/system-message/{systemMessageId}', { params: { path: { systemMessageId } } }),
  );
}
