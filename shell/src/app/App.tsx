import { BrowserRouter } from 'shared-ui/router';
import { AppProviders } from 'shared-ui';
import { ExternalSignInReturn } from '../features/auth/components/ExternalSignInReturn.js';
import { AppRoutes } from './AppRoutes.js';
import { prepareSignedIn } from './home.js';
import { PageViews } from './PageViews.js';
import { SessionEndedRedirect } from './SessionEndedRedirect.js';
import { UnauthorizedHandler } from './UnauthorizedHandler.js';

/** Everything inside the router: what the tests render under a MemoryRouter. */
export function AppContent() {
  return (
    <>
      <UnauthorizedHandler />
      <SessionEndedRedirect />
      <ExternalSignInReturn />
      <PageViews />
      <AppRoutes />
    </>
  );
}

export function App() {
  return (
    <AppProviders prepareSignedIn={prepareSignedIn}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </AppProviders>
  );
}
