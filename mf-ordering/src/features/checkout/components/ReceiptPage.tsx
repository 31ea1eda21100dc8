import { Link, useParams } from 'shared-ui/router';
import { PageHeader, paths } from 'shared-ui';
import { ReceiptView } from './ReceiptView.js';

/** /orders/{orderId}/receipt (§2 "Receipt"): the server's receipt markup and Download Receipt. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  return (
    <section aria-labelledby="receipt-title">
      <PageHeader title="Order Receipt" headingId="receipt-title" />
      <ReceiptView orderId={orderId} />
      <Link className="btn btn-link px-0 mt-3" to={paths.home()}>
        Back to home
      </Link>
    </section>
  );
}
