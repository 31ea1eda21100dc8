import { Nav, Navbar } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { paths, WidgetPreviewRoutes } from 'shared-ui';
import App from './App.js';
import { CartMenu } from './exposes/CartMenu.js';
import { PurchaseCard } from './exposes/PurchaseCard.js';
import { SavedForLaterNotice } from './exposes/SavedForLaterNotice.js';

/** At / the widgets the shell places (as on the home page and the user bar); elsewhere the App. */
export function StandaloneRoutes() {
  return (
    <WidgetPreviewRoutes
      app={<App />}
      widgets={(user) => (
        <>
          <Navbar className="border rounded px-3 mb-3">
            <Nav className="me-auto">
              <Nav.Link as={Link} to={paths.basket()}>
                Shopping Cart
              </Nav.Link>
              <Nav.Link as={Link} to={paths.checkout()}>
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
      )}
    />
  );
}
