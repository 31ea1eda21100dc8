import { MESSAGES } from 'shared-domain';
import { showErrorWindow } from '../feedback/error-window-store.js';
import { notifyError } from '../feedback/toasts.js';
import { ApiError, isMessageError, isObject, isServerError, isValidationError } from './errors.js';

export interface RequestOptions {
  /** Do not tell the user about any failure (the caller handles them all). */
  silent?: boolean;
  /**
   * The statuses the caller expects and tells itself (`[404]`: a record that is missing or not the
   * caller's, said in place of the page): no toast, no error window. Every other failure is told as
   * the catalogue says; a 401 still goes to the shell's handler.
   */
  quiet?: readonly number[];
}

/** Whether a failure with this status (null: no response) is left to the caller. */
export function isQuiet(status: number | null, options: RequestOptions): boolean {
  return options.silent === true || (status !== null && (options.quiet?.includes(status) ?? false));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let unauthorizedHandler: (() => void) | null = null;

/** The shell registers what a 401 from /api means: the session ended, sign out and go to /. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  unauthorizedHandler = handler;
}

/** Hands a 401 of the domain API to the shell's handler; false when none is registered. */
export function handleUnauthorized(): boolean {
  if (!unauthorizedHandler) return false;
  unauthorizedHandler();
  return true;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Tells the user about a failed call in the catalogue's terms (specs/1-foundation.md §8). */
export function reportError(error: ApiError) {
  const { status, body } = error;
  // 502-504 without the server's error body: the gateway could not reach the service (no response).
  if (status === null || (status >= 502 && status <= 504 && !isServerError(body))) {
    notifyError(MESSAGES.connectionError, MESSAGES.connectionErrorTitle);
  } else if (status === 400 && isValidationError(body)) {
    notifyError(body.errors.join('\n'));
  } else if (status >= 500 && isServerError(body)) {
    showErrorWindow({ errorText: body.errorText, stackTrace: body.stackTrace });
  } else if (status >= 500 && isObject(body)) {
    showErrorWindow({ errorText: isMessageError(body) ? body.message : error.message });
  } else if (isMessageError(body)) {
    notifyError(body.message);
  } else {
    notifyError(error.message);
  }
}

/**
 * One JSON call to the gateway: same-origin cookie, the CSRF header, JSON in and out. Failures are
 * reported to the user (unless silent, or quiet about their status) and thrown as ApiError.
 */
export async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: RequestOptions & { onUnauthorized?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'X-CSRF': '1', Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    const error = new ApiError(null, null, MESSAGES.connectionError);
    if (!isQuiet(null, options)) reportError(error);
    throw error;
  }

  const payload = await readBody(response).catch(() => null);
  if (response.ok) return payload as T;

  const message = isMessageError(payload) ? payload.message : `Request failed (${response.status})`;
  const error = new ApiError(response.status, payload, message);
  if (response.status === 401 && options.onUnauthorized && unauthorizedHandler) {
    unauthorizedHandler();
  } else if (!isQuiet(response.status, options)) {
    reportError(error);
  }
  throw error;
}
