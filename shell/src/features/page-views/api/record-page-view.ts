import { apiClient, call } from 'shared-ui';

/** POST page-view {path} (public; the gateway adds the user when signed in). Silent: never in the way. */
export function recordPageView(path: string): Promise<void> {
  return call(apiClient.POST('/page-view', { body: { path } }), { silent: true })
    .then(() => undefined)
    .catch(() => undefined);
}
