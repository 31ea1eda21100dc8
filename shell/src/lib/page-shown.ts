import { useEffect, useState } from 'react';
import { whenIdle } from 'shared-ui';

/**
 * What a page is for comes first; what every page carries besides (the top bar's cart menu, a remote of
 * its own) loads once the page's content is on screen and the browser has a moment: on a phone its
 * code evaluated before that held the page back (the cart menu's remote entry, a long task of about
 * 130 ms on Lighthouse's 4× slower CPU, just before the order form's largest paint).
 *
 * A page says it is shown with `<PageShown />`, rendered after the route's own component has committed
 * (LazyPage, or for a remote section its remote's App: a page that then waits for its data still shows
 * its loading state, and its reads are under way). At most SECONDARY_AFTER_MS after the first asker,
 * secondary parts load anyway (a page that failed to load, or that never says so).
 */
export const SECONDARY_AFTER_MS = 3_000;

let settled = false;
let shown = false;
/** When secondary parts load at the latest: SECONDARY_AFTER_MS after the first asker. */
let deadline: number | undefined;
const waiting = new Set<() => void>();

function settle() {
  if (settled) return;
  settled = true;
  for (const wake of waiting) wake();
  waiting.clear();
}

/** The page's own content has been rendered. */
export function markPageShown(): void {
  if (shown) return;
  shown = true;
  whenIdle(settle);
}

/** Rendered after a page's content: marks the page shown once it has been committed. */
export function PageShown(): null {
  useEffect(markPageShown, []);
  return null;
}

/** True once the page is shown and the browser was idle after it (or SECONDARY_AFTER_MS passed). */
export function useSecondaryReady(): boolean {
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (settled) {
      setReady(true);
      return undefined;
    }
    const wake = () => setReady(true);
    waiting.add(wake);
    deadline ??= Date.now() + SECONDARY_AFTER_MS;
    const timer = setTimeout(settle, Math.max(0, deadline - Date.now()));
    return () => {
      waiting.delete(wake);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

/** Back to a page not shown yet (tests). */
export function resetPageShownForTests(): void {
  settled = false;
  shown = false;
  deadline = undefined;
  waiting.clear();
}
