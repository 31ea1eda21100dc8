import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from 'shared-ui';
import { AppRoutes } from './AppRoutes.js';
import { UnauthorizedHandler } from './UnauthorizedHandler.js';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <UnauthorizedHandler />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
