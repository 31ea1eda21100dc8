import { Route, Routes } from 'react-router-dom';
import { useSession } from 'shared-ui';
import App from './App.js';
import { ActionItems } from './exposes/ActionItems.js';
import { DocumentList } from './exposes/DocumentList.js';

/** At / the widgets the shell places on the home page; elsewhere the App. */
function WidgetsPreview() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <ActionItems user={user} />
      <DocumentList user={user} renderEmpty={() => <p>You have no POP documents yet.</p>} />
    </>
  );
}

export function StandaloneRoutes() {
  return (
    <Routes>
      <Route index element={<WidgetsPreview />} />
      <Route path="*" element={<App />} />
    </Routes>
  );
}
