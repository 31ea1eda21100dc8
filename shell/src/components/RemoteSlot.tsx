import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from 'shared-ui/bootstrap';
import { loadedRemoteComponent, loadRemoteComponent } from '../lib/federation.js';
import { PageShown } from '../lib/page-shown.js';
import { RemoteBoundary } from './RemoteBoundary.js';

export interface RemoteSlotProps<P extends object> {
  /** `remote/Module`, e.g. `mf_ordering/CartMenu`. */
  id: string;
  props?: P;
  /** Shown while the remote loads (a small spinner by default). */
  fallback?: ReactNode;
  /** A slot in a bar (the cart menu): a one-line failure alert. */
  compact?: boolean;
  /** The page's own content (a section's remote): the page is shown once it renders (lib/page-shown.ts). */
  main?: boolean;
}

/** A slot's default fallback: a small spinner. */
export function SlotLoading() {
  return (
    <div className="d-inline-flex p-2">
      <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
    </div>
  );
}

/**
 * A place on the page filled by a remote module at runtime (loadRemote inside React.lazy), with
 * its own Suspense and error boundary. Retry creates a fresh lazy component, which loads again. A
 * module loaded already (preloaded with its page) renders at once: no spinner, and no wait for
 * React's pause between a fallback and the content that replaces it (300 ms).
 */
export function RemoteSlot<P extends object>({ id, props, fallback, compact, main }: RemoteSlotProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(
    // `attempt` is a dependency on purpose: a new lazy() after Retry.
    () => loadedRemoteComponent<P>(id) ?? lazy(() => loadRemoteComponent<P>(id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, attempt],
  ) as ComponentType<P>;
  return (
    <RemoteBoundary
      key={`${id}#${attempt}`}
      id={id}
      compact={compact}
      onRetry={() => setAttempt((count) => count + 1)}
    >
      <Suspense fallback={fallback ?? <SlotLoading />}>
        <Remote {...((props ?? {}) as P)} />
        {main && <PageShown />}
      </Suspense>
    </RemoteBoundary>
  );
}
