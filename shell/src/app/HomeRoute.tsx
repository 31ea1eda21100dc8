import { useSession } from 'shared-ui';
import { LoginPage } from '../features/auth/components/LoginPage.js';
import { LazyPage } from './LazyPage.js';
import { signedInHome, preloadHome, warmUpHome } from './home.js';

const SignedInHome = signedInHome.Component;

/** '/': the login screen for a guest, otherwise the role's home (specs/1-foundation.md §2 Home). */
export function HomeRoute() {
  const { user } = useSession();
  if (!user) return <LoginPage onFirstFocus={warmUpHome} />;
  // Idempotent, like a lazy import: the home's remotes and first reads start beside its chunk.
  preloadHome(user);
  return (
    <LazyPage>
      <SignedInHome user={user} />
    </LazyPage>
  );
}
