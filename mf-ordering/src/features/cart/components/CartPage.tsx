import { Col, Row } from 'react-bootstrap';
import type { SessionUser } from 'shared-domain';
import { useCart } from '../api/get-cart.js';
import { CartItemsTable } from './CartItemsTable.js';
import { OrderSummary } from './OrderSummary.js';
import { Busy } from 'shared-ui';

/**
 * The /basket page (specs/1-foundation.md §2 "Shopping cart"): the items, those saved for later and
 * the order summary. The item actions (save for later, move to cart, delete) and the free purchase
 * call endpoints that land with the checkout issue: until then they are not offered.
 */
export function CartPage({ user }: { user: SessionUser }) {
  const { data: cart, isLoading } = useCart(user.userId);

  return (
    <section aria-labelledby="shopping-cart-title">
      <h2 id="shopping-cart-title">Shopping Cart</h2>
      {isLoading || !cart ? (
        <Busy />
      ) : (
        <Row className="g-4">
          <Col lg={8}>
            {cart.items.length === 0 ? (
              <p className="lead">Your shopping cart is empty.</p>
            ) : (
              <CartItemsTable caption="Items in your cart" items={cart.items} />
            )}
            {cart.savedForLater.length > 0 && (
              <section aria-labelledby="saved-for-later-title" className="mt-4">
                <h3 id="saved-for-later-title" className="h5">
                  Saved for Later
                </h3>
                <CartItemsTable caption="Items saved for later" items={cart.savedForLater} />
              </section>
            )}
          </Col>
          <Col lg={4}>
            <OrderSummary cart={cart} />
          </Col>
        </Row>
      )}
    </section>
  );
}
