import { lazy } from 'react';
import { useSession } from 'shared-ui';
import { LoginPage } from '../features/auth/components/LoginPage.js';
import { LazyPage } from './LazyPage.js';

// The signed-in homes (remote slots, the overview) load after sign-in: the login screen is all a
// guest's first load carries.
const SignedInHome = lazy(() => import('./SignedInHome.js').then((m) => ({ default: m.SignedInHome })));

/** '/': the login screen for a guest, otherwise the role's home (specs/1-foundation.md §2 Home). */
export function HomeRoute() {
  const { user } = useSession();
  if (!user) return <LoginPage />;
  return (
    <LazyPage>
      <SignedInHome user={user} />
    </LazyPage>
  );
}
