import type { ReactNode } from 'react';
import { matchPath, Navigate, useLocation } from 'shared-ui/router';
import type { RoleGroup } from 'shared-domain';
import { LoadingState, patterns, paths, useSession } from 'shared-ui';

/**
 * What a guest may open (specs/1-foundation.md §2 Route guard). /referral, /auth and /logout are
 * allowed too: they only store or end something and then go to / themselves (README). So are the
 * links of e-mails opened from the mailbox, signed in or not: /verify-email and /invitation (which
 * lets a guest sign in on the page).
 */
const GUEST_PATHS = [
  patterns.home,
  patterns.about,
  patterns.forgotPassword,
  patterns.createAccount,
  patterns.firstTimeSetup,
  patterns.firstTimeSetupWithoutToken,
  patterns.referral,
  patterns.auth,
  patterns.logout,
  patterns.verifyEmail,
  patterns.invitation,
];

export function isGuestPath(pathname: string) {
  return GUEST_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Sends a guest who opens any other route to /. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname } = useLocation();
  // /auth works without knowing the session yet: its token must leave the address bar at once.
  if (status === 'loading' && pathname !== paths.auth()) {
    return <LoadingState />;
  }
  if (status === 'guest' && !isGuestPath(pathname)) return <Navigate to={paths.home()} replace />;
  return children;
}

/** Keeps a route to some role groups (the APIs enforce the same rule themselves). */
export function RequireGroup({ groups, children }: { groups: RoleGroup[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !groups.includes(user.roleGroup)) return <Navigate to={paths.home()} replace />;
  return children;
}
