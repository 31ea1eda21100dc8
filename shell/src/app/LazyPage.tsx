import { Suspense, type ReactNode } from 'react';
import { LoadingState } from 'shared-ui';
import { PageShown } from '../lib/page-shown.js';

/**
 * A page whose code loads when it is opened (React.lazy): a spinner meanwhile. Once it renders, the
 * page is shown (lib/page-shown.ts), unless `shows` is false: a page that is only a frame around the
 * content of a remote, which says so itself (RemoteSection).
 */
export function LazyPage({ children, shows = true }: { children: ReactNode; shows?: boolean }) {
  return (
    <Suspense fallback={<LoadingState />}>
      {children}
      {shows && <PageShown />}
    </Suspense>
  );
}
