import type { SystemMessage } from 'shared-domain';
import { useApi } from 'shared-ui';

/** GET system-message?location=login (public): messages shown above the login form. */
export function useLoginMessages() {
  // Silent: a missing banner must not greet a guest with an error toast.
  const { data } = useApi<SystemMessage[]>('system-message?location=login', { silent: true });
  return Array.isArray(data) ? data : [];
}
