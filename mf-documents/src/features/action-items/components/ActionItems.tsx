import { Badge, Card, ListGroup } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { paths, type PendingActionItems, type SessionUser } from 'shared-ui';
import { usePendingActionItems } from '../api/get-pending-action-items.js';
import { actionItemDescription } from './action-item-description.js';

const GROUPS: { key: keyof PendingActionItems; title: string }[] = [
  { key: 'today', title: 'Today' },
  { key: 'yesterday', title: 'Yesterday' },
  { key: 'pastweek', title: 'Past Week' },
  { key: 'older', title: 'Older' },
];

/** The home page's action-items panel (§2 "Home"), shown only when any item is pending. */
export function ActionItems({ user }: { user: SessionUser }) {
  const { data: pending } = usePendingActionItems(user.userId);
  if (!pending || GROUPS.every(({ key }) => pending[key].length === 0)) return null;

  return (
    <Card className="mb-3" as="section" aria-labelledby="action-items-title">
      <Card.Header as="h2" className="h5" id="action-items-title">
        Action Items
      </Card.Header>
      <Card.Body>
        {GROUPS.map(({ key, title }) => (
          <section key={key} aria-labelledby={`action-items-${key}`} className="mb-3">
            <h3 className="h6" id={`action-items-${key}`}>
              {title}{' '}
              <Badge bg="secondary" pill>
                {pending[key].length}
              </Badge>
            </h3>
            {pending[key].length > 0 && (
              <ListGroup variant="flush">
                {pending[key].map((item) => (
                  <ListGroup.Item key={item.id} className="d-flex justify-content-between gap-3">
                    <span>{actionItemDescription(item, user.roleGroup)}</span>
                    <Link to={paths.actionItemDocument(item.id)} className="text-nowrap">
                      Click to view
                    </Link>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </section>
        ))}
      </Card.Body>
    </Card>
  );
}
