/**
 * The page's first Intl formatter costs 30–110 ms on this machine's Chromium (measured: a currency or
 * time-zone formatter in a fresh page; 0.3 ms once any thread of the page has made one): the browser
 * loads its locale and time-zone data then, inside whichever task asks first, the render of the home's
 * prices and dates. A worker started by the shell's script asks first, off the main thread, while the
 * page's remotes and first reads are on their way. Where workers are unavailable (or refused), the page
 * pays as before.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { name: 'intl-warm-up' });
  } catch {
    // A page without workers formats as it always did.
  }
}
