import { Route, Routes } from 'react-router-dom';
import { ClientPage } from './ClientPage.js';

/** /client/{clientId}, relative to /client. */
export function ClientRoutes() {
  return (
    <Routes>
      <Route path=":clientId" element={<ClientPage />} />
      <Route path="*" element={<p>Page not found.</p>} />
    </Routes>
  );
}
