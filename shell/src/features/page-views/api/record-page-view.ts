import { apiClient, call } from 'shared-ui';

/**
 * POST page-view {path} (public; the gateway adds the user when signed in). Silent: never in the way.
 * `keepalive`: sent as the page is left, the request outlives it.
 */
export function recordPageView(path: string, { keepalive = false } = {}): Promise<void> {
  return call(apiClient.POST('/page-view', { body: { path }, keepalive }), { silent: true })
    .then(() => undefined)
    .catch(() => undefined);
}
