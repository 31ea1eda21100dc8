import { useApi } from 'shared-ui';

/**
 * GET system-message?location=home: the current messages of the signed-in home (active, now within
 * their window: cart-api decides). Silent: the home works without them, a banner's failure is no
 * reason for an error toast.
 */
export function useHomeMessages() {
  const { data } = useApi('/system-message', { query: { location: 'home' } }, { silent: true });
  return Array.isArray(data) ? data : [];
}
