import { Alert, Spinner } from 'react-bootstrap';
import { useParams } from 'react-router-dom';
import { sanitizeMarkup } from '../../../lib/sanitize-markup.js';
import { useReceipt } from '../api/get-receipt.js';

/** /orders/{orderId}/receipt (§2 "Receipt"): the receipt as server-supplied markup. */
export function ReceiptPage() {
  const { orderId } = useParams();
  const { markup, error, isLoading } = useReceipt(orderId);

  return (
    <section aria-labelledby="receipt-title">
      <h2 id="receipt-title">Receipt</h2>
      {isLoading && (
        <Spinner animation="border" role="status" size="sm">
          <span className="visually-hidden">Loading…</span>
        </Spinner>
      )}
      {error !== undefined && <Alert variant="warning">The receipt is not available.</Alert>}
      {markup !== undefined && (
        // Defence in depth: the markup comes from our API but carries user-entered names.
        <div className="receipt" dangerouslySetInnerHTML={{ __html: sanitizeMarkup(markup) }} />
      )}
    </section>
  );
}
