import { ApiError, apiClient, call, queryKey, reportError, useQuery, type Receipt } from 'shared-ui';

/**
 * GET order/{orderId}/receipt: the receipt as markup the server built from escaped values. A 404 (no
 * such order, or not the caller's) is the page's to say; any other failure is told as usual.
 */
export async function getReceipt(orderId: string): Promise<Receipt> {
  try {
    return await call(apiClient.GET('/order/{orderId}/receipt', { params: { path: { orderId } } }), {
      silent: true,
    });
  } catch (error) {
    // A 401 was handed to the session handler already.
    if (error instanceof ApiError && error.status !== 404 && error.status !== 401) reportError(error);
    throw error;
  }
}

export const useReceipt = (orderId: string) =>
  useQuery(queryKey('/order/{orderId}/receipt', orderId), () => getReceipt(orderId));
