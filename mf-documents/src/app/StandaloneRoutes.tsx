import { Suspense } from 'react';
import { EmptyState, LoadingState, PageHeader, WidgetPreviewRoutes } from 'shared-ui';
import App from './App.js';
import { ActionItems } from './exposes/ActionItems.js';
import { DocumentList } from './exposes/DocumentList.js';

/** At / the widgets the shell places on the home page; elsewhere the App. */
export function StandaloneRoutes() {
  return (
    <WidgetPreviewRoutes
      app={
        // In the shell, its slot holds the pages that load when opened; standalone, this does.
        <Suspense fallback={<LoadingState />}>
          <App />
        </Suspense>
      }
      widgets={(user) => (
        <>
          <ActionItems user={user} />
          <DocumentList
            user={user}
            renderEmpty={() => (
              <>
                <PageHeader title="My POP Documents" />
                <EmptyState>You have no POP documents yet.</EmptyState>
              </>
            )}
          />
        </>
      )}
    />
  );
}
