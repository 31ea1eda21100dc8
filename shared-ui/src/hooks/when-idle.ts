/**
 * Runs `run` once the browser is idle after the current work (a second later at most; at once after
 * the current task where there is no `requestIdleCallback`, as in Safari). Returns what cancels it.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 1_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}
