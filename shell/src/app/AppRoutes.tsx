import { lazy, Suspense, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RemoteSlot } from '../components/RemoteSlot.js';
import { AuthPage } from '../features/auth/components/AuthPage.js';
import { LogoutPage } from '../features/auth/components/LogoutPage.js';
import { ReferralPage } from '../features/auth/components/ReferralPage.js';
import { OverviewPage } from '../features/overview/components/OverviewPage.js';
import { NdtTutorialPage } from '../features/tutorials/components/NdtTutorialPage.js';
import { RequireGroup, RouteGuard } from './guards.js';
import { HomeRoute } from './HomeRoute.js';
import { Layout } from './Layout.js';

// The account forms (and formik with them) load when one is opened: the login screen does not wait.
const CreateAccountPage = lazy(() =>
  import('../features/registration/components/CreateAccountPage.js').then((m) => ({
    default: m.CreateAccountPage,
  })),
);
const FirstTimeSetupPage = lazy(() =>
  import('../features/first-time-setup/components/FirstTimeSetupPage.js').then((m) => ({
    default: m.FirstTimeSetupPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/password-reset/components/ForgotPasswordPage.js').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/components/ProfilePage.js').then((m) => ({ default: m.ProfilePage })),
);

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner animation="border" role="status" aria-label="Loading" />}>
      {children}
    </Suspense>
  );
}

/**
 * The spec routes each remote owns, by their first path segment. The remote's App is mounted at the
 * root (a catch-all route), so it matches the same full paths inside the shell as on its standalone page.
 */
const REMOTE_BY_SECTION: Readonly<Record<string, string>> = {
  basket: 'mf_ordering/App',
  checkout: 'mf_ordering/App',
  orders: 'mf_ordering/App',
  document: 'mf_documents/App',
  client: 'mf_documents/App',
};

function RemoteSection() {
  const section = useLocation().pathname.split('/')[1] ?? '';
  const remote = Object.hasOwn(REMOTE_BY_SECTION, section) ? REMOTE_BY_SECTION[section] : undefined;
  return remote ? <RemoteSlot key={remote} id={remote} /> : <Navigate to="/" replace />;
}

/** The route table of specs/1-foundation.md §2; mf_admin renders relative <Routes> under /admin. */
export function AppRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomeRoute />} />
          <Route path="about" element={<OverviewPage />} />
          <Route path="tutorials/ndt" element={<NdtTutorialPage />} />
          <Route
            path="profile"
            element={
              <Page>
                <ProfilePage />
              </Page>
            }
          />
          <Route
            path="forgot-password"
            element={
              <Page>
                <ForgotPasswordPage />
              </Page>
            }
          />
          <Route
            path="create-account"
            element={
              <Page>
                <CreateAccountPage />
              </Page>
            }
          />
          <Route
            path="first-time-setup/:token?"
            element={
              <Page>
                <FirstTimeSetupPage />
              </Page>
            }
          />
          <Route path="auth" element={<AuthPage />} />
          <Route path="logout" element={<LogoutPage />} />
          <Route path="referral/:referralId" element={<ReferralPage />} />
          <Route
            path="admin/*"
            element={
              <RequireGroup groups={['compliance']}>
                <RemoteSlot id="mf_admin/App" />
              </RequireGroup>
            }
          />
          <Route path="*" element={<RemoteSection />} />
        </Route>
      </Routes>
    </RouteGuard>
  );
}
