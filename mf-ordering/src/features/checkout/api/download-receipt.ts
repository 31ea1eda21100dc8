import { apiUrl, useDownload } from 'shared-ui';

/**
 * GET order/{orderId}/receipt/download: the receipt as a PDF, saved under the name its
 * content-disposition gives (receipt-{orderNumber}.pdf).
 */
export function useDownloadReceipt() {
  const { busy, download } = useDownload();
  return {
    busy,
    download: (orderId: string, orderNumber: string) =>
      download(apiUrl('/order/{orderId}/receipt/download', { orderId }), `receipt-${orderNumber}.pdf`),
  };
}
