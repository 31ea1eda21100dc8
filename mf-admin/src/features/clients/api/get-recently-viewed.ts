import { useApi } from 'shared-ui';

/** GET client/recently-viewed: the clients the caller opened last, newest first. */
export const useRecentlyViewed = () => useApi('/client/recently-viewed');
