import { useState } from 'react';
import { Alert, Col, Row } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { LoadingState, PageHeader, paths, type PaymentAnswer, type SessionUser } from 'shared-ui';
import { useAfterPurchase } from '../../../hooks/use-after-purchase.js';
import { useRereadCart } from '../../../hooks/use-reread-cart.js';
import { useCart } from '../../../api/cart.js';
import { CheckoutSummary } from './CheckoutSummary.js';
import { PaymentForm } from './PaymentForm.js';
import { PaymentSuccess } from './PaymentSuccess.js';

export const CHECKOUT_TEXT = {
  emptyCart: 'Your shopping cart is empty.',
  nothingToPay: 'There is nothing to pay: the total of your order is $0.00.',
  completeInBasket: 'Go back to your basket and press Complete to finish your order.',
} as const;

interface PaidOrder {
  orderId: string;
  orderNumber: string;
  transactionId: string | null;
  /** Not decided yet (an ACH debit settling, a card held for review): the documents are Processing. */
  pending: boolean;
  method: 'card' | 'ach';
}

/**
 * /checkout (specs/1-foundation.md §2 "Checkout", §4): the payment form beside the order summary;
 * once paid, the success message, the order and its receipt, and no summary. The cart, its counts
 * and what the purchase changed are read again. A cart whose total is zero has nothing to pay by card
 * or ACH (the server refuses a payment of $0.00): Complete on the basket finishes it.
 */
export function CheckoutPage({ user }: { user: SessionUser }) {
  const { data: cart, isLoading } = useCart(user.userId);
  const afterPurchase = useAfterPurchase(user.userId);
  const rereadCart = useRereadCart(user.userId);
  const [paid, setPaid] = useState<PaidOrder | null>(null);

  function showPaid(answer: PaymentAnswer, method: 'card' | 'ach') {
    if (answer.orderId && answer.orderNumber) {
      setPaid({
        orderId: answer.orderId,
        orderNumber: answer.orderNumber,
        transactionId: answer.transactionId,
        pending: answer.pending === true,
        method,
      });
    }
    void afterPurchase();
  }

  let content;
  if (paid) {
    content = <PaymentSuccess user={user} {...paid} />;
  } else if (isLoading || !cart) {
    content = <LoadingState label="Loading your cart" />;
  } else if (cart.items.length === 0) {
    content = (
      <>
        <p className="lead">{CHECKOUT_TEXT.emptyCart}</p>
        <Link className="btn btn-outline-secondary" to={paths.basket()}>
          Back to basket
        </Link>
      </>
    );
  } else {
    content = (
      <Row className="g-4">
        {/* First in the page (a phone shows it above the form and its Pay button), right of the form
            from lg up. */}
        <Col lg={{ span: 4, order: 'last' }}>
          <CheckoutSummary cart={cart} />
        </Col>
        <Col lg={8}>
          {cart.total === 0 ? (
            <Alert variant="info">
              <p>{CHECKOUT_TEXT.nothingToPay}</p>
              <p>{CHECKOUT_TEXT.completeInBasket}</p>
              <Link className="btn btn-primary" to={paths.basket()}>
                Back to basket
              </Link>
            </Alert>
          ) : (
            <PaymentForm
              user={user}
              cartItemId={cart.items[0]?.cartItemId}
              total={cart.total}
              onPaid={showPaid}
              onCartChanged={() => void rereadCart()}
            />
          )}
        </Col>
      </Row>
    );
  }

  return (
    <section aria-labelledby="checkout-title">
      <PageHeader
        title="Checkout"
        headingId="checkout-title"
        // The specs' breadcrumb, naming this page itself.
        breadcrumb={[{ label: 'Checkout - Payment Information', current: true }]}
      />
      {content}
    </section>
  );
}
