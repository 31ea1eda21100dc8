import { Alert, Breadcrumb } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from 'shared-ui';

/**
 * /checkout (§2 "Checkout"). Payment (Credit Card / ACH forms, Process Payment) is a later issue;
 * until then the page only frames it.
 */
export function CheckoutPage() {
  return (
    <section aria-label="Checkout">
      <Breadcrumb>
        <Breadcrumb.Item active>Checkout - Payment Information</Breadcrumb.Item>
      </Breadcrumb>
      <Alert variant="info">Payment by credit card or ACH will be available here soon.</Alert>
      <Link className="btn btn-outline-secondary" to={paths.basket()}>
        Back to basket
      </Link>
    </section>
  );
}
