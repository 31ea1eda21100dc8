import { Suspense } from 'react';
import { useSession, type SessionUser } from 'shared-ui';
import { loadRemoteComponent } from '../../../lib/federation.js';
import { preloadable } from '../../../lib/preloadable.js';
import { Bar, BarLinks, FeesLink, PUBLIC_LINKS, preloadUserMenu } from './Bar.js';

// The signed-in bars (their dropdowns with Popper, the user menu, the cart menu remote) load after
// sign-in: the guest bar is all the login page carries.
// The user menu comes with the bar: revealed later, its own fallback would hold back every other part
// of the page waiting to be revealed (React's 300 ms throttle after a fallback).
const signedInBar = preloadable(() =>
  Promise.all([import(/* webpackChunkName: "signed-in-bar" */ './SignedInBar.js'), preloadUserMenu()]).then(
    ([m]) => m.SignedInBar,
  ),
);
const SignedInBar = signedInBar.Component;

/** The signed-in bar's code: its chunk, the user menu's, and the cart menu remote (a sign-in's `prepare`). */
export function preloadSignedInBar(user: SessionUser): Promise<unknown> {
  const customer = user.roleGroup === 'broker' || user.roleGroup === 'epop';
  return Promise.all([
    signedInBar.preload(),
    customer ? loadRemoteComponent('mf_ordering/CartMenu') : undefined,
  ]);
}

function GuestBar({ user }: { user: SessionUser | null }) {
  return (
    <Bar label="Guest navigation" user={user}>
      <BarLinks links={PUBLIC_LINKS} />
      <FeesLink />
    </Bar>
  );
}

/** The three top bars by role group; roles other than compliance, broker and epop get the guest bar. */
export function TopBar() {
  const { user } = useSession();
  if (user && (user.roleGroup === 'compliance' || user.roleGroup === 'broker' || user.roleGroup === 'epop')) {
    return (
      <Suspense
        fallback={
          <Bar label={user.roleGroup === 'compliance' ? 'Admin navigation' : 'User navigation'} user={null} />
        }
      >
        <SignedInBar user={user} />
      </Suspense>
    );
  }
  return <GuestBar user={user} />;
}
