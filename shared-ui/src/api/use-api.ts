import useSWR, { type SWRResponse } from 'swr';
import { api } from './api.js';
import type { ApiError } from './errors.js';
import type { RequestOptions } from './http.js';

/** SWR over `api.get`: the key is the api path; `null` skips the call (e.g. no user yet). */
export function useApi<T>(path: string | null, options?: RequestOptions): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(path, (key: string) => api.get<T>(key, options));
}
