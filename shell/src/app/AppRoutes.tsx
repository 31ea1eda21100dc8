import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'shared-ui/router';
import { RequireGroup, RouteGuard } from './guards.js';
import { HomeRoute } from './HomeRoute.js';
import { LazyPage } from './LazyPage.js';
import { Layout } from './Layout.js';
import { RemoteSection } from './RemoteSection.js';
import { patterns } from 'shared-ui';

/**
 * Every page of the shell's own but the login screen loads when it is opened (its chunk, and formik,
 * the overview's pictures with it): a guest's first load carries only what `/` renders and the small
 * frame of a remote's section.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Lazy = lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
  return function LazyRoute() {
    return (
      <LazyPage>
        <Lazy />
      </LazyPage>
    );
  };
}

const CreateAccountPage = page(
  () => import('../features/registration/components/CreateAccountPage.js'),
  'CreateAccountPage',
);
const FirstTimeSetupPage = page(
  () => import('../features/first-time-setup/components/FirstTimeSetupPage.js'),
  'FirstTimeSetupPage',
);
const ForgotPasswordPage = page(
  () => import('../features/password-reset/components/ForgotPasswordPage.js'),
  'ForgotPasswordPage',
);
const ProfilePage = page(() => import('../features/profile/components/ProfilePage.js'), 'ProfilePage');
const OverviewPage = page(() => import('../features/overview/components/OverviewPage.js'), 'OverviewPage');
const NdtTutorialPage = page(
  () => import('../features/tutorials/components/NdtTutorialPage.js'),
  'NdtTutorialPage',
);
const AuthPage = page(() => import('../features/auth/components/AuthPage.js'), 'AuthPage');
const LogoutPage = page(() => import('../features/auth/components/LogoutPage.js'), 'LogoutPage');
const ReferralPage = page(() => import('../features/auth/components/ReferralPage.js'), 'ReferralPage');
const VerifyEmailPage = page(
  () => import('../features/email-verification/components/VerifyEmailPage.js'),
  'VerifyEmailPage',
);
const InvitationPage = page(
  () => import('../features/invitation/components/InvitationPage.js'),
  'InvitationPage',
);
const AdminSection = page(() => import('./AdminSection.js'), 'AdminSection');

/** The route table of specs/1-foundation.md §2; mf_admin renders relative <Routes> under /admin. */
export function AppRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomeRoute />} />
          <Route path={patterns.about} element={<OverviewPage />} />
          <Route path={patterns.ndtTutorial} element={<NdtTutorialPage />} />
          <Route path={patterns.profile} element={<ProfilePage />} />
          <Route path={patterns.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={patterns.createAccount} element={<CreateAccountPage />} />
          <Route path={patterns.firstTimeSetup} element={<FirstTimeSetupPage />} />
          <Route path={patterns.firstTimeSetupWithoutToken} element={<FirstTimeSetupPage />} />
          <Route path={patterns.auth} element={<AuthPage />} />
          <Route path={patterns.logout} element={<LogoutPage />} />
          <Route path={patterns.referral} element={<ReferralPage />} />
          <Route path={patterns.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={patterns.invitation} element={<InvitationPage />} />
          <Route
            path={patterns.admin}
            element={
              <RequireGroup groups={['compliance']}>
                <AdminSection />
              </RequireGroup>
            }
          />
          {/* Not lazy (2 KB): a chunk of its own showed a fallback first, and React holds a boundary's
              next content 300 ms after its fallback, so the remote's code was asked for that much later.
              The section's remote says when the page is shown (RemoteSlot `main`). */}
          <Route path="*" element={<RemoteSection />} />
        </Route>
      </Routes>
    </RouteGuard>
  );
}
