import { NavDropdown } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { formatMoney, paths, type SessionUser } from 'shared-ui';
import { useCart } from '../../../api/cart.js';
import { useCartCounts } from '../api/get-cart-counts.js';

/** The user bar's cart menu (§2 "Top bar"): 'N item(s) in cart', the items with totals, 'Go to cart'. */
export function CartMenu({ user }: { user: SessionUser }) {
  const { data: counts } = useCartCounts(user.userId);
  const { data: cart } = useCart(user.userId);
  const cartCount = counts?.cartCount ?? 0;

  return (
    <NavDropdown id="cart-menu" align="end" title={`${cartCount} item(s) in cart`}>
      {cart?.items.map((item) => (
        <NavDropdown.ItemText key={item.cartItemId} className="d-flex justify-content-between gap-3">
          <span>{item.product}</span>
          <span>{formatMoney(item.total)}</span>
        </NavDropdown.ItemText>
      ))}
      {cart && cart.items.length > 0 && <NavDropdown.Divider />}
      <NavDropdown.Item as={Link} to={paths.basket()}>
        Go to cart
      </NavDropdown.Item>
    </NavDropdown>
  );
}
