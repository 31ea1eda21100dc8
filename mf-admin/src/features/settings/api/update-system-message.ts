import { apiClient, call } from 'shared-ui';
import type { SystemMessagePayload } from './create-system-message.js';

/** POST system-message/{systemMessageId}: replace a message (logged). */
export function updateSystemMessage(systemMessageId: string, body: SystemMessagePayload) {
  return call(
    apiClient.POST('/system-message/{systemMessageId}', { params: { path: { systemMessageId } }, body }),
  );
}
