import { Suspense, type ReactNode } from 'react';
import { LoadingState } from 'shared-ui';
import { PageShown } from '../lib/page-shown.js';

/**
 * A page whose code loads when it is opened (React.lazy): a spinner meanwhile. Once it renders, the
 * page is shown (lib/page-shown.ts).
 */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingState />}>
      {children}
      <PageShown />
    </Suspense>
  );
}
