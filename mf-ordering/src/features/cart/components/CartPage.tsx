import { Button, Col, Row, Spinner } from 'react-bootstrap';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, notifySuccess } from 'shared-ui';
import { MESSAGES, type CartItem, type SessionUser } from 'shared-domain';
import {
  deleteCartItem,
  moveToCart,
  purchaseFree,
  saveForLater,
  useRevalidateCart,
} from '../api/cart-item-actions.js';
import { useCart } from '../api/get-cart.js';
import { CartItemsTable } from './CartItemsTable.js';
import { OrderSummary } from './OrderSummary.js';

/** The /basket page (specs/1-foundation.md §2 "Shopping cart"). */
export function CartPage({ user }: { user: SessionUser }) {
  const { data: cart, isLoading } = useCart(user.userId);
  const revalidateCart = useRevalidateCart(user.userId);
  const navigate = useNavigate();
  const [busyItemId, setBusyItemId] = useState<string>();
  const [itemToRemove, setItemToRemove] = useState<CartItem>();
  const [completing, setCompleting] = useState(false);

  /** Runs one item action; failures were already reported by the api client. */
  async function runItemAction(itemId: string, action: (itemId: string) => Promise<unknown>) {
    setBusyItemId(itemId);
    try {
      await action(itemId);
    } catch {
      // shown by the api client (toast or error window)
    } finally {
      setBusyItemId(undefined);
      await revalidateCart();
    }
  }

  async function completeFreeOrder() {
    setCompleting(true);
    try {
      await purchaseFree(user.userId);
      await revalidateCart();
      notifySuccess(MESSAGES.orderCompleted);
      navigate('/');
    } catch {
      // shown by the api client
    } finally {
      setCompleting(false);
    }
  }

  const deleteButton = (item: CartItem) => (
    <Button
      size="sm"
      variant="outline-danger"
      disabled={busyItemId === item.cartItemId}
      onClick={() => setItemToRemove(item)}
    >
      Delete
    </Button>
  );

  return (
    <section aria-labelledby="shopping-cart-title">
      <h2 id="shopping-cart-title">Shopping Cart</h2>
      {isLoading || !cart ? (
        <Spinner animation="border" role="status" size="sm">
          <span className="visually-hidden">Loading…</span>
        </Spinner>
      ) : (
        <Row className="g-4">
          <Col lg={8}>
            {cart.items.length === 0 ? (
              <p className="lead">Your shopping cart is empty.</p>
            ) : (
              <CartItemsTable
                caption="Items in your cart"
                items={cart.items}
                renderActions={(item) => (
                  <>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-2"
                      disabled={busyItemId === item.cartItemId}
                      onClick={() => runItemAction(item.cartItemId, saveForLater)}
                    >
                      Save for later
                    </Button>
                    {deleteButton(item)}
                  </>
                )}
              />
            )}
            {cart.savedForLater.length > 0 && (
              <section aria-labelledby="saved-for-later-title" className="mt-4">
                <h3 id="saved-for-later-title" className="h5">
                  Saved for Later
                </h3>
                <CartItemsTable
                  caption="Items saved for later"
                  items={cart.savedForLater}
                  renderActions={(item) => (
                    <>
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-2"
                        disabled={busyItemId === item.cartItemId}
                        onClick={() => runItemAction(item.cartItemId, moveToCart)}
                      >
                        Move to cart
                      </Button>
                      {deleteButton(item)}
                    </>
                  )}
                />
              </section>
            )}
          </Col>
          <Col lg={4}>
            <OrderSummary cart={cart} completing={completing} onComplete={completeFreeOrder} />
          </Col>
        </Row>
      )}
      <ConfirmDialog
        show={itemToRemove !== undefined}
        message={
          itemToRemove ? `Are you sure you want to remove ${itemToRemove.product} from your cart?` : ''
        }
        onConfirm={() => {
          const item = itemToRemove;
          setItemToRemove(undefined);
          if (item) void runItemAction(item.cartItemId, deleteCartItem);
        }}
        onCancel={() => setItemToRemove(undefined)}
      />
    </section>
  );
}
