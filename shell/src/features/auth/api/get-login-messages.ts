import { bootData, useApi } from 'shared-ui';

/**
 * GET system-message?location=login (public): the messages shown above the login form, the current ones
 * only (active, now within their window: cart-api decides, so the gateway's boot block holds the same).
 */
export function useLoginMessages() {
  // Silent: a missing banner must not greet a guest with an error toast.
  // The gateway writes them into the page (bootData): then the first render shows them, unfetched.
  const { data } = useApi(
    '/system-message',
    { query: { location: 'login' } },
    { silent: true, initial: bootData().systemMessages?.login },
  );
  return Array.isArray(data) ? data : [];
}
