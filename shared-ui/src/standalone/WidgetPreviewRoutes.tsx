import type { ReactNode } from 'react';
import { Route, Routes } from 'shared-ui/router';
import type { SessionUser } from '../api/bff.js';
import { useSession } from '../session/session.js';

function WidgetsPreview({ widgets }: { widgets: (user: SessionUser) => ReactNode }) {
  const { user } = useSession();
  return user ? <>{widgets(user)}</> : null;
}

/**
 * A remote's standalone routes: at / the widgets it exposes, as the shell places them for the
 * signed-in user; everywhere else its App.
 */
export function WidgetPreviewRoutes({
  widgets,
  app,
}: {
  widgets: (user: SessionUser) => ReactNode;
  app: ReactNode;
}) {
  return (
    <Routes>
      <Route index element={<WidgetsPreview widgets={widgets} />} />
      <Route path="*" element={app} />
    </Routes>
  );
}
