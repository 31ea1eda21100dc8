import { useState } from 'react';
import { Breadcrumb, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { SessionUser } from 'shared-domain';
import { Busy, paths, type PaymentAnswer } from 'shared-ui';
import { useAfterPurchase } from '../../../hooks/use-after-purchase.js';
import { useCart } from '../api/get-cart.js';
import { CheckoutSummary } from './CheckoutSummary.js';
import { PaymentForm } from './PaymentForm.js';
import { PaymentSuccess } from './PaymentSuccess.js';

interface PaidOrder {
  orderId: string;
  orderNumber: string;
  transactionId: string | null;
}

/**
 * /checkout (specs/1-foundation.md §2 "Checkout", §4): the payment form beside the order summary;
 * once paid, the success message, the order and its receipt, and no summary. The cart, its counts
 * and what the purchase changed are read again.
 */
export function CheckoutPage({ user }: { user: SessionUser }) {
  const { data: cart, isLoading } = useCart(user.userId);
  const afterPurchase = useAfterPurchase(user.userId);
  const [paid, setPaid] = useState<PaidOrder | null>(null);

  function showPaid(answer: PaymentAnswer) {
    if (answer.orderId && answer.orderNumber) {
      setPaid({
        orderId: answer.orderId,
        orderNumber: answer.orderNumber,
        transactionId: answer.transactionId,
      });
    }
    void afterPurchase();
  }

  let content;
  if (paid) {
    content = <PaymentSuccess {...paid} />;
  } else if (isLoading || !cart) {
    content = <Busy />;
  } else if (cart.items.length === 0) {
    content = (
      <>
        <p className="lead">Your shopping cart is empty.</p>
        <Link className="btn btn-outline-secondary" to={paths.basket()}>
          Back to basket
        </Link>
      </>
    );
  } else {
    content = (
      <Row className="g-4">
        <Col lg={8}>
          <PaymentForm user={user} onPaid={showPaid} />
        </Col>
        <Col lg={4}>
          <CheckoutSummary cart={cart} />
        </Col>
      </Row>
    );
  }

  return (
    <section aria-label="Checkout">
      <Breadcrumb>
        <Breadcrumb.Item active>Checkout - Payment Information</Breadcrumb.Item>
      </Breadcrumb>
      {content}
    </section>
  );
}
