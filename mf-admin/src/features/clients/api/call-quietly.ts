import { ApiError, call, reportError } from 'shared-ui';

/**
 * A typed call whose 404 the page tells itself (a client that does not exist: a clear message in
 * place of the page, not a toast); every other failure is told as the catalogue says.
 */
export async function callUnlessNotFound<T>(pending: Parameters<typeof call<T>>[0]): Promise<T> {
  try {
    return await call(pending, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 404 && error.status !== 401) reportError(error);
    throw error;
  }
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
