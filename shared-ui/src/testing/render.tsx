import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, type InitialEntry } from 'shared-ui/router';
import { SWRConfig } from 'swr';
import { AppProviders } from '../components/AppProviders.js';

/**
 * Renders with the real shared-ui providers (session from GET /bff/user, toasts, error window)
 * at `path` (a URL, or a location with router state), and a fresh SWR cache so tests do not share
 * answers.
 */
export function renderAt(path: InitialEntry, element: ReactElement) {
  return render(
    <AppProviders>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </SWRConfig>
    </AppProviders>,
  );
}
