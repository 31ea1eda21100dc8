import { Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { ClientRoutes } from '../features/client/components/ClientRoutes.js';
import { DocumentRoutes } from '../features/document-pages/components/DocumentRoutes.js';
import { mountSection } from '../lib/mount-section.js';

const SECTIONS = ['document', 'client'] as const;

/**
 * The shell mounts this App at /document/* and /client/*, where the path it sees starts after the
 * mount point (/document/abc and /client/abc both arrive as "abc"); the standalone page mounts it
 * at the root. The full routes serve the root, the catch-all serves the shell's mount points by the
 * section the browser is in.
 */
function MountedSection() {
  const section = mountSection(useLocation().pathname, SECTIONS);
  if (section === 'document') return <DocumentRoutes />;
  if (section === 'client') return <ClientRoutes />;
  return <p>Page not found.</p>;
}

/** The documents remote: the /document/... pages and the client page (specs/2-documents.md §2). */
export default function App() {
  const { user } = useSession();
  // The shell's route guard sends guests away; nothing here is for them.
  if (!user) return null;

  return (
    <Routes>
      <Route path="document/*" element={<DocumentRoutes />} />
      <Route path="client/*" element={<ClientRoutes />} />
      <Route path="*" element={<MountedSection />} />
    </Routes>
  );
}
