import { Navigate, Route, Routes } from 'react-router-dom';
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

const ordering = <RemoteSlot id="mf_ordering/App" />;
const documents = <RemoteSlot id="mf_documents/App" />;

/** The route table of specs/1-foundation.md §2; each remote renders relative <Routes> at its mount. */
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
          <Route path="basket" element={ordering} />
          <Route path="checkout" element={ordering} />
          <Route path="orders/*" element={ordering} />
          <Route path="document/*" element={documents} />
          <Route path="client/*" element={documents} />
          <Route
            path="admin/*"
            element={
              <RequireGroup groups={['compliance']}>
                <RemoteSlot id="mf_admin/App" />
              </RequireGroup>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </RouteGuard>
  );
}
