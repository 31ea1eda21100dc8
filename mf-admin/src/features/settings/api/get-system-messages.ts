import { useApi, type ApiResult } from 'shared-ui';

/** A system message as Utilities lists it: its window, whether it shows now, and where it stands. */
export type ManagedSystemMessage = ApiResult<'/system-message/all'>[number];

/** GET system-message/all: every system message (compliance). */
export const useSystemMessages = () => useApi('/system-message/all');
