import { useState } from 'react';
import { Button, Col, Row } from 'shared-ui/bootstrap';
import { useNavigate } from 'shared-ui/router';
import { CHECKOUT_MESSAGES, MESSAGES } from 'shared-domain';
import {
  LoadingState,
  PageHeader,
  ApiError,
  ConfirmDialog,
  notifyError,
  notifySuccess,
  paths,
  type Cart,
  type CartItem,
  type SessionUser,
} from 'shared-ui';
import { useAfterPurchase } from '../../../hooks/use-after-purchase.js';
import { useRereadCart } from '../../../hooks/use-reread-cart.js';
import { useCart } from '../../../api/cart.js';
import { moveToCart } from '../api/move-to-cart.js';
import { purchaseFree } from '../api/purchase-free.js';
import { removeCartItem } from '../api/remove-cart-item.js';
import { saveForLater } from '../api/save-for-later.js';
import { useShowCart } from '../hooks/use-show-cart.js';
import { CartItemsTable } from './CartItemsTable.js';
import { OrderSummary } from './OrderSummary.js';
import { PromoCodeBox } from './PromoCodeBox.js';

/**
 * The /basket page (specs/1-foundation.md §2 "Shopping cart"): the items, those saved for later, the
 * order summary and the promo code box. Each item action answers the cart as it now is, which the
 * page, the top bar's cart menu and the saved-for-later notice show at once.
 */
export function CartPage({ user }: { user: SessionUser }) {
  const { data: cart, isLoading } = useCart(user.userId);
  const showCart = useShowCart(user.userId);
  const afterPurchase = useAfterPurchase(user.userId);
  const rereadCart = useRereadCart(user.userId);
  const navigate = useNavigate();
  /** An item action or Complete is running: one at a time. */
  const [busy, setBusy] = useState(false);
  /** The item whose Delete waits for its confirmation (kept while the dialog fades out). */
  const [toRemove, setToRemove] = useState<CartItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const askToRemove = (item: CartItem) => {
    setToRemove(item);
    setConfirming(true);
  };

  async function change(action: () => Promise<Cart>) {
    setBusy(true);
    try {
      await showCart(await action());
    } catch {
      // told already (the api client's toast)
    } finally {
      setBusy(false);
    }
  }

  function confirmRemove() {
    setConfirming(false);
    if (toRemove) void change(() => removeCartItem(toRemove.cartItemId));
  }

  /** Complete: the free purchase of the total the page shows (zero). */
  async function complete(total: number) {
    setBusy(true);
    try {
      const answer = await purchaseFree(user.userId, total);
      if (!answer.success) {
        notifyError(answer.displayText);
        return;
      }
      await afterPurchase();
      navigate(paths.home());
      notifySuccess(MESSAGES.orderCompleted);
    } catch (error) {
      // Told already (the api client's toast). A 409: the cart changed under the page and nothing
      // was completed; the page shows the cart and its total as they now are.
      if (error instanceof ApiError && error.status === 409) await rereadCart();
    } finally {
      setBusy(false);
    }
  }

  const actionButton = (label: string, onClick: () => void, variant = 'outline-secondary') => (
    <Button size="sm" variant={variant} className="ms-2" disabled={busy} onClick={onClick}>
      {label}
    </Button>
  );

  return (
    <section aria-labelledby="shopping-cart-title">
      <PageHeader title="Shopping Cart" headingId="shopping-cart-title" />
      {isLoading || !cart ? (
        <LoadingState label="Loading your cart" />
      ) : (
        <Row className="g-4">
          <Col lg={8}>
            <CartItemsTable
              caption="Items in your cart"
              empty="Your shopping cart is empty."
              items={cart.items}
              renderActions={(item) => (
                <>
                  {actionButton('Save for later', () => void change(() => saveForLater(item.cartItemId)))}
                  {actionButton('Delete', () => askToRemove(item), 'outline-danger')}
                </>
              )}
            />
            {cart.savedForLater.length > 0 && (
              <section aria-labelledby="saved-for-later-title" className="mt-4">
                <h2 id="saved-for-later-title" className="h5">
                  Saved for Later
                </h2>
                <CartItemsTable
                  caption="Items saved for later"
                  empty="Nothing is saved for later."
                  items={cart.savedForLater}
                  renderActions={(item) => (
                    <>
                      {actionButton('Move to cart', () => void change(() => moveToCart(item.cartItemId)))}
                      {actionButton('Delete', () => askToRemove(item), 'outline-danger')}
                    </>
                  )}
                />
              </section>
            )}
          </Col>
          <Col lg={4}>
            <OrderSummary cart={cart} onComplete={() => void complete(cart.total)} completing={busy} />
            <PromoCodeBox user={user} />
          </Col>
        </Row>
      )}
      <ConfirmDialog
        show={confirming}
        title="Remove item"
        message={toRemove ? CHECKOUT_MESSAGES.confirmRemove(toRemove.product) : ''}
        confirmLabel="Remove"
        confirmVariant="danger"
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
