import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface Preloadable<P> {
  /** The component, lazy until its code has loaded. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Loads the code now (once; a failure is forgotten, so the next call tries again). */
  preload(): Promise<unknown>;
}

/**
 * React.lazy whose code can be loaded before the first render. Loaded by then, it renders at once:
 * lazy() is handed a thenable that resolves synchronously, so nothing suspends, no fallback shows,
 * and React's pause between a fallback and its content (300 ms) never applies.
 */
export function preloadable<P>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return { Component, preload };
}
