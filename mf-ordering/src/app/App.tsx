import { Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from 'shared-ui';
import type { SessionUser } from 'shared-domain';
import { CartPage } from '../features/cart/components/CartPage.js';
import { CheckoutPage } from '../features/checkout/components/CheckoutPage.js';
import { ReceiptPage } from '../features/receipt/components/ReceiptPage.js';
import { mountSection } from '../lib/mount-section.js';

const SECTIONS = ['basket', 'checkout', 'orders'] as const;

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

/**
 * The shell mounts this App at /basket, /checkout and /orders/*, where the path it sees starts
 * after the mount point; the standalone page mounts it at the root. The full routes serve the root,
 * the catch-all serves the shell's mount points by the section the browser is in.
 */
function MountedSection({ user }: { user: SessionUser }) {
  const section = mountSection(useLocation().pathname, SECTIONS);
  if (section === 'basket') return <CartPage user={user} />;
  if (section === 'checkout') return <CheckoutPage />;
  if (section === 'orders') return <OrderRoutes />;
  return <NotFound />;
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
      <Route path="*" element={<MountedSection user={user} />} />
    </Routes>
  );
}
