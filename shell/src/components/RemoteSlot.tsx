import { startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
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
 * A place on the page filled by a remote module at runtime, with its own error boundary; Retry mounts
 * the slot afresh, which loads again. A module loaded already (preloaded with its page) renders at once.
 */
export function RemoteSlot<P extends object>({ id, props, fallback, compact, main }: RemoteSlotProps<P>) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary
      key={`${id}#${attempt}`}
      id={id}
      compact={compact}
      onRetry={() => setAttempt((count) => count + 1)}
    >
      <LoadedRemote id={id} props={props} fallback={fallback ?? <SlotLoading />} main={main} />
    </RemoteBoundary>
  );
}

type Loading<P> = { component: ComponentType<P> } | { error: unknown } | undefined;

/**
 * The module is loaded as the slot first renders, and shown by an update of the slot's state when it
 * arrives: not by suspending (React.lazy), whose content is held back until 300 ms after any fallback
 * of the page was shown (React's throttle of a Suspense boundary's retry), and held again by each new
 * fallback meanwhile (the order form appeared 0.5 s after its code, with nothing left to wait for). The
 * remote's own lazy pages still suspend up to the slot's boundary.
 */
function LoadedRemote<P extends object>({
  id,
  props,
  fallback,
  main,
}: {
  id: string;
  props?: P;
  fallback: ReactNode;
  main?: boolean;
}) {
  const [loading, setLoading] = useState<Loading<P>>(() => {
    const component = loadedRemoteComponent<P>(id);
    return component ? { component } : undefined;
  });
  // Asked during the first render, as React.lazy would: not a commit later.
  const [request] = useState(() => {
    if (loading) return undefined;
    const load = loadRemoteComponent<P>(id);
    load.catch(() => undefined); // handled by the effect; not an unhandled rejection meanwhile
    return load;
  });
  useEffect(() => {
    if (!request) return undefined;
    let current = true;
    const settle = (next: Loading<P>) => current && startTransition(() => setLoading(next));
    request.then(
      (module) => settle({ component: module.default }),
      (error: unknown) => settle({ error }),
    );
    return () => {
      current = false;
    };
  }, [request]);
  if (loading && 'error' in loading) throw loading.error;
  if (!loading) return fallback;
  const Remote = loading.component;
  return (
    <Suspense fallback={fallback}>
      <Remote {...((props ?? {}) as P)} />
      {main && <PageShown />}
    </Suspense>
  );
}
