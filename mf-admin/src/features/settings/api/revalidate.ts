import { useRevalidate, type ApiPath } from 'shared-ui';

/** What a change of the settings makes stale: the lists, the public reads and the change log. */
const SETTINGS_READS: readonly ApiPath[] = [
  '/system-message',
  '/system-message/all',
  '/system-message/config/app',
  '/system-message/config/refresh-token',
  '/system-message/change-log',
];

/** Re-reads every cached settings answer after a save, so the screen and its change log agree. */
export function useRevalidateSettings() {
  const revalidate = useRevalidate();
  return () => revalidate(SETTINGS_READS);
}
