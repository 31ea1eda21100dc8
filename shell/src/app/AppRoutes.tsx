import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RemoteSlot } from '../components/RemoteSlot.js';
import { LogoutPage } from '../features/auth/components/LogoutPage.js';
import { ReferralPage } from '../features/auth/components/ReferralPage.js';
import {
  AuthPage,
  CreateAccountPage,
  FirstTimeSetupPage,
  ForgotPasswordPage,
} from '../features/auth/components/ThinPages.js';
import { OverviewPage } from '../features/overview/components/OverviewPage.js';
import { ProfilePage } from '../features/profile/components/ProfilePage.js';
import { NdtTutorialPage } from '../features/tutorials/components/NdtTutorialPage.js';
import { RequireGroup, RouteGuard } from './guards.js';
import { HomeRoute } from './HomeRoute.js';
import { Layout } from './Layout.js';

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
          <Route path="profile" element={<ProfilePage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="create-account" element={<CreateAccountPage />} />
          <Route path="first-time-setup/:token?" element={<FirstTimeSetupPage />} />
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
