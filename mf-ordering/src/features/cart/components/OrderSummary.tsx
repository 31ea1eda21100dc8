import { Button, Card } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { formatMoney, paths, type Cart } from 'shared-ui';

interface OrderSummaryProps {
  cart: Cart;
  /** Complete: the free purchase of a fully discounted cart (§4 "Checkout"). */
  onComplete(): void;
  completing: boolean;
}

/**
 * Subtotal, Discount, Total (§2). A non-zero total goes to checkout; a zero total of a cart with
 * items (fully discounted) is completed as a free purchase.
 */
export function OrderSummary({ cart, onComplete, completing }: OrderSummaryProps) {
  const hasItems = cart.items.length > 0;
  return (
    <Card aria-labelledby="order-summary-title" className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5" id="order-summary-title">
          Order Summary
        </Card.Title>
        <dl className="row mb-3">
          <dt className="col-6 fw-normal">Subtotal</dt>
          <dd className="col-6 text-end" data-testid="cart-subtotal">
            {formatMoney(cart.subtotal)}
          </dd>
          <dt className="col-6 fw-normal">Discount</dt>
          <dd className="col-6 text-end" data-testid="cart-discount">
            {formatMoney(cart.discount)}
          </dd>
          <dt className="col-6">Total</dt>
          <dd className="col-6 text-end fw-bold" data-testid="cart-total">
            {formatMoney(cart.total)}
          </dd>
        </dl>
        {hasItems && cart.total !== 0 && (
          <Link className="btn btn-primary w-100" to={paths.checkout()}>
            Proceed to checkout
          </Link>
        )}
        {hasItems && cart.total === 0 && (
          <Button variant="success" className="w-100" onClick={onComplete} disabled={completing}>
            Complete
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
