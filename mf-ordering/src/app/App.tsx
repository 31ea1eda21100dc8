import { Route, Routes } from 'react-router-dom';
import { patterns, useSession } from 'shared-ui';
import { CartPage } from '../features/cart/components/CartPage.js';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage.js';

function NotFound() {
  return <p>Page not found.</p>;
}

/**
 * The ordering remote: the cart and checkout screens (specs/1-foundation.md §2). The receipt screen
 * comes with its endpoint (the checkout issue).
 */
export default function App() {
  const { user } = useSession();
  // The shell's route guard sends guests away; nothing here is for them.
  if (!user) return null;

  return (
    <Routes>
      <Route path={patterns.basket} element={<CartPage user={user} />} />
      <Route path={patterns.checkout} element={<CheckoutPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
