import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProviders } from '../components/AppProviders.js';

/**
 * Renders with the real shared-ui providers (session from GET /bff/user, toasts, error window)
 * at `path`, and a fresh SWR cache so tests do not share answers.
 */
export function renderAt(path: string, element: ReactElement) {
  return render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </SWRConfig>
    </AppProviders>,
  );
}
