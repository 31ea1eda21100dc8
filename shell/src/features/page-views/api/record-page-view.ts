import type { PageViewPayload } from 'shared-domain';
import { api } from 'shared-ui';

/** POST page-view {path} (public; the gateway adds the user when signed in). Silent: never in the way. */
export function recordPageView(path: string): Promise<void> {
  const body: PageViewPayload = { path };
  return api
    .post<unknown>('page-view', body, { silent: true })
    .then(() => undefined)
    .catch(() => undefined);
}
