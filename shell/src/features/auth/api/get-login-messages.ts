import { bootData, useApi } from 'shared-ui';

/** GET system-message?location=login (public): messages shown above the login form. */
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
