import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { MESSAGES } from 'shared-domain';
import { paths } from 'shared-ui';
import { ReceiptView } from './ReceiptView.js';

export const PAYMENT_SUCCESS_TEXT = {
  /** A payment accepted but not settled yet (an ACH debit): what happens until it settles. */
  processing:
    'Your payment is being processed: a bank payment settles within a few business days. Until then your documents show Processing and cannot be downloaded yet; your receipt is e-mailed to you once the payment has settled.',
  /** A card payment the processor holds for review: what happens until it is decided. */
  inReview:
    'Your payment is being reviewed by the card processor, which usually takes up to a business day. Until then your documents show Processing and cannot be downloaded yet; your receipt is e-mailed to you once the payment is approved.',
} as const;

interface PaymentSuccessProps {
  orderId: string;
  orderNumber: string;
  transactionId: string | null;
  /** Accepted, not settled yet (the purchase's `pending`). */
  pending: boolean;
  /** How it was paid: a pending card is held for review, a pending ACH debit settling. */
  method: 'card' | 'ach';
}

/**
 * After a payment went through (§2 "Checkout"): the message, the order number, the transaction id and
 * the receipt; for a payment not decided yet, that it is being processed (ACH) or reviewed (a card).
 */
export function PaymentSuccess({
  orderId,
  orderNumber,
  transactionId,
  pending,
  method,
}: PaymentSuccessProps) {
  return (
    <section aria-label="Payment Successful">
      <Alert variant="success" role="status">
        <Alert.Heading as="h3" className="h5 mb-0">
          {MESSAGES.paymentSuccessful}
        </Alert.Heading>
      </Alert>
      {pending && (
        <Alert variant="info" data-testid="payment-processing">
          {method === 'card' ? PAYMENT_SUCCESS_TEXT.inReview : PAYMENT_SUCCESS_TEXT.processing}
        </Alert>
      )}
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
