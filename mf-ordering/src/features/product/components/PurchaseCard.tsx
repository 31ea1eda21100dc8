import { Card, Placeholder } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { formatMoney, paths, type SessionUser } from 'shared-ui';
import { useProduct } from '../api/get-product.js';

/** The home page's purchase card (§2 "Home"): product name and price, 'Order Now'. */
export function PurchaseCard({ user }: { user: SessionUser }) {
  const { data: product } = useProduct(user.userId);

  return (
    <Card aria-labelledby="purchase-card-title" className="mb-3">
      <Card.Body>
        <Card.Title as="h3" className="h5" id="purchase-card-title">
          {product ? product.name : <Placeholder xs={6} />}
        </Card.Title>
        <Card.Text className="fs-4" data-testid="product-price">
          {product ? formatMoney(product.price) : <Placeholder xs={3} />}
        </Card.Text>
        {/* The order form itself is the documents remote's /document/new. */}
        <Link className="btn btn-primary" to={paths.newDocument()}>
          Order Now
        </Link>
      </Card.Body>
    </Card>
  );
}
