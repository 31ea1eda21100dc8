/**
 * Reads started before the screen that makes them has loaded (the shell starts the home's first reads
 * while the remotes that render them are still on their way: no request waits for the code that asks
 * for it). The API client's fetch hands such an answer to the first identical GET within
 * PREFETCH_TTL_MS, once; after that, or for any other request, it fetches as usual.
 */
export const PREFETCH_HEADER = 'x-pop-prefetch';
/** How long a prefetched answer waits for its reader: the page's start, not a cache. */
export const PREFETCH_TTL_MS = 10_000;

const prefetched = new Map<string, { until: number; response: Promise<Response> }>();

/** The API client's fetch (client.ts). */
export function clientFetch(request: Request): Promise<Response> {
  if (request.method !== 'GET') return globalThis.fetch(request);
  const now = Date.now();
  if (request.headers.has(PREFETCH_HEADER)) {
    for (const [url, entry] of prefetched) if (entry.until <= now) prefetched.delete(url);
    const headers = new Headers(request.headers);
    headers.delete(PREFETCH_HEADER);
    const response = globalThis.fetch(new Request(request, { headers }));
    // A failed prefetch is no answer: the reader fetches for itself.
    prefetched.set(request.url, { until: now + PREFETCH_TTL_MS, response });
    response.catch(() => prefetched.delete(request.url));
    // The prefetch's own caller reads a copy; the reader gets the original.
    return response.then((answer) => answer.clone());
  }
  const early = prefetched.get(request.url);
  if (early) {
    prefetched.delete(request.url);
    if (early.until > now) return early.response;
  }
  return globalThis.fetch(request);
}

/**
 * Forgets every prefetched answer: at sign-out, so an answer the last user's page did not read (a
 * draft's URL names no user) is never handed to the next one in the same tab; and between tests.
 */
export function forgetPrefetched(): void {
  prefetched.clear();
}
