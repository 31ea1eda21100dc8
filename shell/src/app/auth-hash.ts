import { paths } from 'shared-ui';

/**
 * §2: the sign-in link also arrives in its older hash form, /#/auth?token=…. Before the router
 * starts, that address is rewritten in place (history.replaceState, no reload and no extra history
 * entry) to /auth?token=…, which the /auth route handles. Returns whether it rewrote.
 */
export function rewriteHashAuthUrl(
  location: Pick<Location, 'pathname' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  const match = /^#\/auth(\?.*)?$/.exec(location.hash);
  if (!match || location.pathname !== paths.home()) return false;
  history.replaceState(history.state, '', `${paths.auth()}${match[1] ?? ''}`);
  return true;
}
