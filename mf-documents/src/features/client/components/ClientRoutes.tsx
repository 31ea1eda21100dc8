import { Route, Routes } from 'shared-ui/router';
import { below, NotFound, patterns } from 'shared-ui';
import { lazyPage } from '../../../components/lazy-page.js';

// Loaded when opened, as the document pages other than the order form (app/DocumentRoutes.tsx).
const ClientPage = lazyPage(() => import('./ClientPage.js').then((m) => m.ClientPage));

/** /client/{clientId}, relative to /client. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route path={below(patterns.clientPages, patterns.client)} element={<ClientPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
