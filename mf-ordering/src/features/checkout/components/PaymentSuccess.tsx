import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { MESSAGES } from 'shared-domain';
import { paths } from 'shared-ui';
import { ReceiptView } from './ReceiptView.js';

interface PaymentSuccessProps {
  orderId: string;
  orderNumber: string;
  transactionId: string | null;
}

/** After a payment went through (§2 "Checkout"): the message, the order number, the transaction id and the receipt. */
export function PaymentSuccess({ orderId, orderNumber, transactionId }: PaymentSuccessProps) {
  return (
    <section aria-label="Payment Successful">
      <Alert variant="success" role="status">
        <Alert.Heading as="h3" className="h5 mb-0">
          {MESSAGES.paymentSuccessful}
        </Alert.Heading>
      </Alert>
      <dl className="row">
        <dt className="col-sm-3">Order Number</dt>
        <dd className="col-sm-9" data-testid="order-number">
          {orderNumber}
        </dd>
        {transactionId && (
          <>
            <dt className="col-sm-3">Transaction ID</dt>
            <dd className="col-sm-9" data-testid="transaction-id">
              {transactionId}
            </dd>
          </>
        )}
      </dl>
      <p>
        <Link to={paths.receipt(orderId)}>View the receipt page</Link>
      </p>
      <ReceiptView orderId={orderId} />
    </section>
  );
}
