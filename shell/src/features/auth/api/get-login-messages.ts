import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET system-message?location=login (public): messages shown above the login form. */
export function useLoginMessages() {
  // Silent: a missing banner must not greet a guest with an error toast.
  const { data } = useQuery(queryKey('/system-message', 'login'), () =>
    call(apiClient.GET('/system-message', { params: { query: { location: 'login' } } }), { silent: true }),
  );
  return Array.isArray(data) ? data : [];
}
