import { lazy } from 'react';
import { Route, Routes } from 'shared-ui/router';
import { below, NotFound, patterns } from 'shared-ui';

// Loaded when opened, as the document pages other than the order form (app/DocumentRoutes.tsx).
const ClientPage = lazy(() => import('./ClientPage.js').then((m) => ({ default: m.ClientPage })));

/** /client/{clientId}, relative to /client. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route path={below(patterns.clientPages, patterns.client)} element={<ClientPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
