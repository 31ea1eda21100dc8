import { Alert, Button } from 'shared-ui/bootstrap';
import { isNotFound, LoadingState } from 'shared-ui';
import { useDownloadReceipt } from '../api/download-receipt.js';
import { useReceipt } from '../api/get-receipt.js';
import { ReceiptMarkup } from './ReceiptMarkup.js';

export const RECEIPT_TEXT = {
  notFound: 'This receipt could not be found. It may belong to another account, or the link may be wrong.',
  unavailable: 'The receipt could not be loaded. Please try again later.',
  download: 'Download Receipt',
} as const;

/** One order's receipt with its Download Receipt button (the receipt page, the payment's success). */
export function ReceiptView({ orderId }: { orderId: string }) {
  const { data: receipt, error, isLoading } = useReceipt(orderId);
  const { busy, download } = useDownloadReceipt();

  if (isLoading) return <LoadingState label="Loading the receipt" />;
  if (error || !receipt) {
    return (
      <Alert variant={isNotFound(error) ? 'warning' : 'danger'}>
        {isNotFound(error) ? RECEIPT_TEXT.notFound : RECEIPT_TEXT.unavailable}
      </Alert>
    );
  }
  return (
    <>
      <div className="mb-3">
        <Button variant="outline-primary" disabled={busy} onClick={() => void download(receipt.orderId)}>
          {RECEIPT_TEXT.download}
        </Button>
      </div>
      <ReceiptMarkup markup={receipt.receipt} />
    </>
  );
}
