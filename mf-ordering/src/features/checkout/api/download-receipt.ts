import { apiUrl, useDownload } from 'shared-ui';

/**
 * GET order/{orderId}/receipt/download: the receipt as a PDF, saved under the name its
 * content-disposition gives (receipt-{orderNumber}.pdf; a plain receipt.pdf if it gave none).
 */
export function useDownloadReceipt() {
  const { busy, download } = useDownload();
  return {
    busy,
    download: (orderId: string) =>
      download(apiUrl('/order/{orderId}/receipt/download', { orderId }), 'receipt.pdf'),
  };
}
