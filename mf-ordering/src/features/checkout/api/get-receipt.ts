import { useApi } from 'shared-ui';

/**
 * GET order/{orderId}/receipt: the receipt as markup the server built from escaped values. A 404 (no
 * such order, or not the caller's) is the page's to say (`isNotFound`); any other failure is told as usual.
 */
export const useReceipt = (orderId: string) =>
  useApi('/order/{orderId}/receipt', { path: { orderId } }, { quiet: [404] });
