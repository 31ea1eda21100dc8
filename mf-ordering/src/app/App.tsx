import { Route, Routes } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { CartPage } from '../features/cart/components/CartPage.js';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage.js';
import { ReceiptPage } from '../features/receipt/components/ReceiptPage.js';

/** /orders/{orderId}/receipt, relative to /orders. */
function OrderRoutes() {
  return (
    <Routes>
      <Route path=":orderId/receipt" element={<ReceiptPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function NotFound() {
  return <p>Page not found.</p>;
}

/** The ordering remote: the cart, checkout and receipt screens (specs/1-foundation.md §2). */
export default function App() {
  const { user } = useSession();
  // The shell's route guard sends guests away; nothing here is for them.
  if (!user) return null;

  return (
    <Routes>
      <Route path="basket" element={<CartPage user={user} />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path="orders/*" element={<OrderRoutes />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
