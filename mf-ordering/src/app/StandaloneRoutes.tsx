import { Nav, Navbar } from 'react-bootstrap';
import { Link, Route, Routes } from 'react-router-dom';
import { useSession } from 'shared-ui';
import App from './App.js';
import { CartMenu } from './exposes/CartMenu.js';
import { PurchaseCard } from './exposes/PurchaseCard.js';
import { SavedForLaterNotice } from './exposes/SavedForLaterNotice.js';

/** At / the widgets the shell places (as on the home page and the user bar); elsewhere the App. */
function WidgetsPreview() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <Navbar className="border rounded px-3 mb-3">
        <Nav className="me-auto">
          <Nav.Link as={Link} to="/basket">
            Shopping Cart
          </Nav.Link>
          <Nav.Link as={Link} to="/checkout">
            Checkout
          </Nav.Link>
        </Nav>
        <Nav>
          <CartMenu user={user} />
        </Nav>
      </Navbar>
      <SavedForLaterNotice user={user} />
      <PurchaseCard user={user} />
    </>
  );
}

export function StandaloneRoutes() {
  return (
    <Routes>
      <Route index element={<WidgetsPreview />} />
      <Route path="*" element={<App />} />
    </Routes>
  );
}
