import createClient, { type ClientPathsWithMethod, type MethodResponse } from 'openapi-fetch';
import { clientFetch, PREFETCH_HEADER } from './prefetch.js';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import { useCallback, useDeferredValue } from 'react';
import { MESSAGES } from 'shared-domain';
import { ApiError, isMessageError } from './errors.js';
import { handleUnauthorized, isQuiet, reportError, type RequestOptions } from './http.js';
import type { paths } from './generated/schema.js';

/**
 * The domain API's paths as the generated client names them (the gateway's `/api` prefix is the base).
 * The document also holds the gateway's own `/bff/...` routes, whole: those are ./bff.ts's, not these.
 */
export type ApiPaths = { [P in keyof paths as P extends `/bff/${string}` ? never : P]: paths[P] };
export type ApiPath = keyof ApiPaths & string;

/** Where the browser reaches the domain API: the gateway strips it and routes the rest (README "Paths"). */
export const API_BASE = '/api';

/**
 * The typed client of the domain API, generated from the gateway's merged OpenAPI document: a path
 * or a parameter that the APIs do not have is a type error. Same-origin cookie and the CSRF header
 * on every call; the session's token never reaches the browser (the gateway attaches it).
 * Read its answers with `call`, which tells the user about failures as the catalogue says.
 */
export const apiClient = createClient<ApiPaths>({
  baseUrl: API_BASE,
  credentials: 'same-origin',
  headers: { 'X-CSRF': '1', Accept: 'application/json' },
  // Looked up at call time (tests and the browser's own fetch), not captured at start; a prefetched
  // answer (prefetch.ts) is handed to its first reader.
  fetch: clientFetch,
});

interface ClientAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a typed call, or an ApiError once the user has been told (toast or error window).
 * `quiet: [404]` leaves the failures of those statuses to the caller (a page that says 'not found'
 * itself: test them with `isNotFound`); `silent` leaves every failure to it. A 401 means the session
 * ended: the shell's handler signs out, nothing is shown.
 */
export async function call<T>(pending: Promise<ClientAnswer<T>>, options: RequestOptions = {}): Promise<T> {
  let answer: ClientAnswer<T>;
  try {
    answer = await pending;
  } catch {
    const error = new ApiError(null, null, MESSAGES.connectionError);
    if (!isQuiet(null, options)) reportError(error);
    throw error;
  }
  const { response } = answer;
  if (response.ok) return answer.data as T;
  const body = answer.error ?? null;
  const message = isMessageError(body) ? body.message : `Request failed (${response.status})`;
  const error = new ApiError(response.status, body, message);
  if (!(response.status === 401 && handleUnauthorized()) && !isQuiet(response.status, options)) {
    reportError(error);
  }
  throw error;
}

/** A cache key of one API read: its path and parameters (the same key in every app: swr is shared). */
export type QueryKey = readonly [ApiPath, ...unknown[]];

/**
 * A key by hand, for a read whose fetcher is more than one call (it narrows or reshapes the answer, so
 * its cache holds something else than the API's answer). A plain read is `useApi`, which derives its key.
 */
export const queryKey = <P extends ApiPath>(path: P, ...parameters: unknown[]): QueryKey => [
  path,
  ...parameters,
];

/** The paths the API answers a GET on. */
export type ApiGetPath = ClientPathsWithMethod<typeof apiClient, 'get'>;
type GetOperation<P extends ApiGetPath> = NonNullable<ApiPaths[P]['get']>;
/** What a GET of `path` takes, as the generated client takes it: `{ path: { id }, query: { page } }`. */
export type ApiParams<P extends ApiGetPath> = Pick<GetOperation<P>['parameters'], 'path' | 'query'>;
/** What a GET of `path` answers (its success body). */
export type ApiData<P extends ApiGetPath> = MethodResponse<typeof apiClient, 'get', P>;

/**
 * The cache key of `GET path` with these parameters: the path, then the values of its `{…}`
 * parameters in the order the path names them, then the query when it has any value. So the first
 * parameter (the user of `/shopping-cart/{id}`, the partner of `/strategic-partner/{id}/rule`) is the
 * key's second item, which `useRevalidate()(paths, first)` matches.
 */
export function apiKey<P extends ApiGetPath>(path: P, params?: ApiParams<P>): QueryKey {
  const { path: inPath = {}, query = {} } = (params ?? {}) as {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  const named = Array.from(path.matchAll(/\{(\w+)\}/g), ([, name]) => inPath[name!]);
  const hasQuery = Object.values(query).some((value) => value !== undefined);
  return [path, ...named, ...(hasQuery ? [query] : [])];
}

/**
 * Starts a read that a screen still loading will make with the same path and parameters (prefetch.ts):
 * its answer is handed to that screen's first identical GET. Nothing is reported on failure (the
 * screen's own read reports).
 */
export function prefetchApi<P extends ApiGetPath>(path: P, params?: ApiParams<P>): void {
  const init = { ...(params ? { params } : {}), headers: { [PREFETCH_HEADER]: '1' } };
  void (apiClient.GET as (p: P, i: typeof init) => Promise<unknown>)(path, init).catch(() => undefined);
}

/**
 * One read of the domain API, the one way the screens read: `GET path` with `params` through `call`,
 * cached by SWR under `apiKey(path, params)` (one cache for all apps). `params` null skips the read (no
 * user yet). Options: those of `call` (`quiet: [404]` for a page that says 'not found' itself) and
 * `initial`, an answer the page already holds (shown at once, not fetched on mount).
 */
export function useApi<P extends ApiGetPath>(
  path: P,
  ...[params, options = {}]: UseApiArguments<P>
): SWRResponse<ApiData<P>, ApiError> {
  const { initial, ...callOptions } = options;
  const given = params ?? undefined;
  return useQuery<ApiData<P>>(
    params === null ? null : apiKey(path, given),
    () =>
      call(
        (apiClient.GET as (path: ApiGetPath, init: unknown) => Promise<ClientAnswer<ApiData<P>>>)(path, {
          params: given,
        }),
        callOptions,
      ),
    { initial },
  );
}

export interface UseApiOptions<T> extends RequestOptions {
  initial?: T;
}

/** The keys of T that must be given. */
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/** `params` may be left out when the operation needs none. */
type UseApiArguments<P extends ApiGetPath> = [RequiredKeys<ApiParams<P>>] extends [never]
  ? [params?: ApiParams<P> | null, options?: UseApiOptions<ApiData<P>>]
  : [params: ApiParams<P> | null, options?: UseApiOptions<ApiData<P>>];

/**
 * SWR over a typed call: `key` null skips it (no user yet); failures are ApiErrors already reported.
 * `initial`: the answer the page already holds (the gateway's boot block): shown at once, not fetched
 * on mount (later revalidations still ask the API).
 */
export function useQuery<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  options: { initial?: T } = {},
): SWRResponse<T, ApiError> {
  const { initial } = options;
  const answer = useSWR<T, ApiError>(
    key,
    fetcher,
    initial === undefined ? undefined : { fallbackData: initial, revalidateOnMount: false },
  );
  return useDeferredAnswer(answer);
}

/**
 * A key's first answer drawn in slices: SWR hands an answer to React as a synchronous update, so a
 * screen that draws its data (a table of documents, a form) did so in one task that held a phone's
 * main thread for 50–200 ms. While the first answer is not drawn yet, the screen renders as it was
 * waiting (cheap), and React draws the answer in a deferred render it can yield in. Later answers
 * of the same key (a revalidation, a change) are shown at once, as SWR gives them.
 */
function useDeferredAnswer<T>(answer: SWRResponse<T, ApiError>): SWRResponse<T, ApiError> {
  const hasData = answer.data !== undefined;
  const drawn = useDeferredValue(hasData);
  if (!hasData || drawn) return answer;
  return { data: undefined, error: undefined, isLoading: true, isValidating: true, mutate: answer.mutate };
}

/**
 * Re-reads every cached answer of the given paths (optionally only those whose first parameter is
 * `first`), after a change: the cart page, its counts and the shell's cart menu agree.
 */
export function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (paths: readonly ApiPath[], first?: unknown) =>
      mutate(
        (key) =>
          Array.isArray(key) &&
          paths.includes(key[0] as ApiPath) &&
          (first === undefined || key[1] === first),
      ),
    [mutate],
  );
}

/**
 * The URL of an API path with its parameters filled in (for what is not JSON: a file download, which
 * the browser saves rather than the client reads). A path the API lacks is a type error here too.
 */
export function apiUrl(path: ApiPath, params: Record<string, string> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiUrl: no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
  return `${API_BASE}${filled}`;
}
