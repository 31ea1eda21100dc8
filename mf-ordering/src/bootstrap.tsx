import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandalonePage } from 'shared-ui';
import { StandaloneRoutes } from './app/StandaloneRoutes.js';

// The standalone page (pnpm dev, port 3101): the shell loads ./App and the widgets instead.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StandalonePage title="Ordering">
      <StandaloneRoutes />
    </StandalonePage>
  </StrictMode>,
);
