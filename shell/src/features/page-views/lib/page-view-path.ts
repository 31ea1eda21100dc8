import { matchPath } from 'shared-ui/router';
import { patterns } from 'shared-ui';

/**
 * Routes whose path carries a one-time credential. A page view records the route pattern instead of
 * the real path, so the credential never reaches cart-api's page_view table or the gateway's log.
 * (`/auth` keeps its token in the query string, which is never recorded.)
 */
export const TOKEN_BEARING_ROUTES = [patterns.firstTimeSetup] as const;

/**
 * The path a page view records for `pathname`: the pattern of a token-bearing route (anything below
 * it too, case-insensitive like the router), otherwise the pathname itself.
 */
export function pageViewPath(pathname: string): string {
  const route = TOKEN_BEARING_ROUTES.find((pattern) => matchPath({ path: pattern, end: false }, pathname));
  return route ?? pathname;
}
