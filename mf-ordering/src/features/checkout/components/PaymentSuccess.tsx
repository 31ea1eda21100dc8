import { Alert } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { MESSAGES } from 'shared-domain';
import { documentActions, DocumentStatusBadge, paths, type SessionUser } from 'shared-ui';
import { useOrderDocuments } from '../api/get-order-documents.js';
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
  user: SessionUser;
  orderId: string;
  orderNumber: string;
  transactionId: string | null;
  /** Accepted, not settled yet (the purchase's `pending`). */
  pending: boolean;
  /** How it was paid: a pending card is held for review, a pending ACH debit settling. */
  method: 'card' | 'ach';
}

/**
 * Where the documents just bought are: each one's download page and its non-discrimination testing
 * (once paid: a document being processed offers neither yet), and My POP Documents, which lists them all.
 */
function BoughtDocuments({ user, orderId }: { user: SessionUser; orderId: string }) {
  const { data: documents } = useOrderDocuments(user.userId, orderId);
  return (
    <section aria-labelledby="bought-documents-title" className="mb-4">
      <h2 id="bought-documents-title" className="h5">
        Your documents
      </h2>
      {documents && documents.length > 0 && (
        <ul className="list-unstyled mb-3">
          {documents.map((document) => {
            const offered = documentActions(user, document);
            return (
              <li
                key={document.documentId}
                className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom"
              >
                <span className="fw-semibold me-auto text-break">{document.name}</span>
                {document.status === 'Paid' ? (
                  <>
                    <Link className="btn btn-sm btn-primary" to={paths.documentDownload(document.documentId)}>
                      Download<span className="visually-hidden"> {document.name}</span>
                    </Link>
                    {offered.ndt && (
                      <Link
                        className="btn btn-sm btn-outline-secondary"
                        to={paths.documentNdt(document.documentId)}
                      >
                        Non-discrimination Testing<span className="visually-hidden"> {document.name}</span>
                      </Link>
                    )}
                  </>
                ) : (
                  <DocumentStatusBadge status={document.status} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Link className="btn btn-outline-primary" to={paths.home()}>
        My POP Documents
      </Link>
    </section>
  );
}

/**
 * After a payment went through (§2 "Checkout"): the message, the order number, the transaction id,
 * the documents bought and the receipt; for a payment not decided yet, that it is being processed
 * (ACH) or reviewed (a card).
 */
export function PaymentSuccess({
  user,
  orderId,
  orderNumber,
  transactionId,
  pending,
  method,
}: PaymentSuccessProps) {
  return (
    <section aria-label="Payment Successful">
      <Alert variant="success" role="status">
        <Alert.Heading as="h2" className="h5 mb-0">
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
      <BoughtDocuments user={user} orderId={orderId} />
      <p>
        <Link to={paths.receipt(orderId)}>View the receipt page</Link>
      </p>
      <ReceiptView orderId={orderId} />
    </section>
  );
}
