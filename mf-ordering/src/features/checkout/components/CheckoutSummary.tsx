import { Card, ListGroup } from 'shared-ui/bootstrap';
import { formatMoney, type Cart } from 'shared-ui';

/** The checkout's order summary side panel (§2 "Checkout"): what is paid for, and the totals. */
export function CheckoutSummary({ cart }: { cart: Cart }) {
  return (
    <Card as="aside" aria-labelledby="checkout-summary-title">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="checkout-summary-title">
          Order Summary
        </Card.Title>
      </Card.Body>
      <ListGroup variant="flush">
        {cart.items.map((item) => (
          <ListGroup.Item key={item.cartItemId} className="d-flex justify-content-between gap-3">
            <span>{item.product}</span>
            <span className="text-nowrap">{formatMoney(item.total)}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
      <Card.Body>
        <dl className="row mb-0">
          <dt className="col-6 fw-normal">Subtotal</dt>
          <dd className="col-6 text-end">{formatMoney(cart.subtotal)}</dd>
          <dt className="col-6 fw-normal">Discount</dt>
          <dd className="col-6 text-end">{formatMoney(cart.discount)}</dd>
          <dt className="col-6">Total</dt>
          <dd className="col-6 text-end fw-bold mb-0" data-testid="checkout-total">
            {formatMoney(cart.total)}
          </dd>
        </dl>
      </Card.Body>
    </Card>
  );
}
