import { Suspense, type ReactNode } from 'react';
import { LoadingState } from 'shared-ui';

/** A page whose code loads when it is opened (React.lazy): a spinner meanwhile. */
export function LazyPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState />}>{children}</Suspense>;
}
