import { Suspense, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';

/** A page whose code loads when it is opened (React.lazy): a spinner meanwhile. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner animation="border" role="status" aria-label="Loading" />}>
      {children}
    </Suspense>
  );
}
