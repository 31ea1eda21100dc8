import { Route, Routes } from 'shared-ui/router';
import { NotFound, patterns, useSession } from 'shared-ui';
import { ClientRoutes } from '../features/client/components/ClientRoutes.js';
import { DocumentRoutes } from './DocumentRoutes.js';

/** The documents remote: the /document/... pages and the client page (specs/2-documents.md §2). */
export default function App() {
  const { user } = useSession();
  // The shell's route guard sends guests away; nothing here is for them.
  if (!user) return null;

  return (
    <Routes>
      <Route path={patterns.documentPages} element={<DocumentRoutes />} />
      <Route path={patterns.clientPages} element={<ClientRoutes />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
