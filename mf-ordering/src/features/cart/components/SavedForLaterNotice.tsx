import { Alert } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { paths, type SessionUser } from 'shared-ui';
import { useCartCounts } from '../api/get-cart-counts.js';

/** The home page's saved-for-later notice (§2 "Home"): shown only when something is saved. */
export function SavedForLaterNotice({ user }: { user: SessionUser }) {
  const { data: counts } = useCartCounts(user.userId);
  const savedForLaterCount = counts?.savedForLaterCount ?? 0;
  if (savedForLaterCount <= 0) return null;

  return (
    <Alert variant="info" role="status">
      You have {savedForLaterCount} item(s) saved for later.{' '}
      <Alert.Link as={Link} to={paths.basket()}>
        View your cart
      </Alert.Link>
    </Alert>
  );
}
