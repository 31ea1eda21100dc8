import { lazy, Suspense } from 'react';
import { useSession, type SessionUser } from 'shared-ui';
import { Bar, BarLinks, FeesLink, PUBLIC_LINKS } from './Bar.js';

// The signed-in bars (their dropdowns with Popper, the user menu, the cart menu remote) load after
// sign-in: the guest bar is all the login page carries.
const SignedInBar = lazy(() => import('./SignedInBar.js').then((m) => ({ default: m.SignedInBar })));

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
