import { request, type RequestOptions } from './http.js';

/** A leading slash or `api/` prefix in `path` is tolerated: the specs write both forms. */
function apiUrl(path: string) {
  return `/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
}

const apiOptions = (options?: RequestOptions) => ({ ...options, onUnauthorized: true });

/** The domain API behind the gateway: `/api/` + a path of the specs. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    request<T>('GET', apiUrl(path), undefined, apiOptions(options)),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', apiUrl(path), body ?? {}, apiOptions(options)),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', apiUrl(path), body ?? {}, apiOptions(options)),
  del: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', apiUrl(path), body, apiOptions(options)),
};
