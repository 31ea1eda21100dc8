import { Route, Routes } from 'shared-ui/router';
import { below, NotFound, patterns } from 'shared-ui';
import { ClientPage } from './ClientPage.js';

/** /client/{clientId}, relative to /client. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route path={below(patterns.clientPages, patterns.client)} element={<ClientPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
