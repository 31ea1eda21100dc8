import createClient from 'openapi-fetch';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import { useCallback } from 'react';
import { MESSAGES } from 'shared-domain';
import { ApiError, isMessageError } from './errors.js';
import { handleUnauthorized, reportError, type RequestOptions } from './http.js';
import type { paths } from './generated/schema.js';

/** The domain API's paths as the generated client names them (the gateway's `/api` prefix is the base). */
export type ApiPaths = paths;
export type ApiPath = keyof paths & string;

/** Where the browser reaches the domain API: the gateway strips it and routes the rest (README "Paths"). */
export const API_BASE = '/api';

/**
 * The typed client of the domain API, generated from the gateway's merged OpenAPI document: a path
 * or a parameter that the APIs do not have is a type error. Same-origin cookie and the CSRF header
 * on every call; the session's token never reaches the browser (the gateway attaches it).
 * Read its answers with `call`, which tells the user about failures as the catalogue says.
 */
export const apiClient = createClient<paths>({
  baseUrl: API_BASE,
  credentials: 'same-origin',
  headers: { 'X-CSRF': '1', Accept: 'application/json' },
  // Looked up at call time (tests and the browser's own fetch), not captured at start.
  fetch: (request) => globalThis.fetch(request),
});

interface ClientAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a typed call, or an ApiError once the user has been told (toast or error window;
 * `silent` leaves that to the caller). A 401 means the session ended: the shell's handler signs
 * out, nothing is shown.
 */
export async function call<T>(pending: Promise<ClientAnswer<T>>, options: RequestOptions = {}): Promise<T> {
  let answer: ClientAnswer<T>;
  try {
    answer = await pending;
  } catch {
    const error = new ApiError(null, null, MESSAGES.connectionError);
    if (!options.silent) reportError(error);
    throw error;
  }
  const { response } = answer;
  if (response.ok) return answer.data as T;
  const body = answer.error ?? null;
  const message = isMessageError(body) ? body.message : `Request failed (${response.status})`;
  const error = new ApiError(response.status, body, message);
  if (!(response.status === 401 && handleUnauthorized()) && !options.silent) reportError(error);
  throw error;
}

/** A cache key of one API read: its path and parameters (the same key in every app: swr is shared). */
export type QueryKey = readonly [ApiPath, ...unknown[]];

export const queryKey = <P extends ApiPath>(path: P, ...parameters: unknown[]): QueryKey => [
  path,
  ...parameters,
];

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
  return useSWR<T, ApiError>(
    key,
    fetcher,
    initial === undefined ? undefined : { fallbackData: initial, revalidateOnMount: false },
  );
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
