import { Route, Routes } from 'shared-ui/router';
import { NotFound, patterns, useSession } from 'shared-ui';
import { CartPage } from '../features/cart/components/CartPage.js';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage.js';
import { ReceiptPage } from '../features/checkout/components/ReceiptPage.js';

/** The ordering remote: the cart, checkout and receipt screens (specs/1-foundation.md §2). */
export default function App() {
  const { user } = useSession();
  // The shell's route guard sends guests away; nothing here is for them.
  if (!user) return null;

  return (
    <Routes>
      <Route path={patterns.basket} element={<CartPage user={user} />} />
      <Route path={patterns.checkout} element={<CheckoutPage user={user} />} />
      <Route path={patterns.receipt} element={<ReceiptPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
