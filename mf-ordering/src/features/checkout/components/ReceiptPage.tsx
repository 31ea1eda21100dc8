import { Link, useParams } from 'react-router-dom';
import { paths, useDocumentTitle } from 'shared-ui';
import { ReceiptView } from './ReceiptView.js';

/** /orders/{orderId}/receipt (§2 "Receipt"): the server's receipt markup and Download Receipt. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  useDocumentTitle('Order Receipt');
  return (
    <section aria-labelledby="receipt-title">
      <h1 id="receipt-title" className="h2 page-header-title mb-4">
        Order Receipt
      </h1>
      <ReceiptView orderId={orderId} />
      <Link className="btn btn-link px-0 mt-3" to={paths.home()}>
        Back to home
      </Link>
    </section>
  );
}
