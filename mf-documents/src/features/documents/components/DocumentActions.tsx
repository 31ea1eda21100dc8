import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { SessionUser } from 'shared-domain';
import { paths, type DocumentListRow } from 'shared-ui';

interface DocumentActionsProps {
  user: SessionUser;
  document: DocumentListRow;
}

/**
 * The actions of one document (specs/2-documents.md §2 "Document actions menu"), those that work
 * today: Edit (View when read-only), Renew when it is ready for renewal, View Receipt when its order
 * has a receipt, and for compliance Admin Options and Admin Renewal, No Purchase. Testing, sending
 * and (de)activation come with their issues.
 */
export function DocumentActions({ user, document }: DocumentActionsProps) {
  const compliance = user.roleGroup === 'compliance';
  const { documentId } = document;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-primary" id={`document-actions-${documentId}`}>
        Actions
      </Dropdown.Toggle>
      {/* Fixed positioning: the menu must not be clipped by the scrolling table. */}
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        <Dropdown.Item as={Link} to={paths.document(documentId)}>
          {document.isReadOnly ? 'View' : 'Edit'}
        </Dropdown.Item>
        {document.readyForRenewal && (
          <Dropdown.Item as={Link} to={paths.documentRenew(documentId)}>
            Renew
          </Dropdown.Item>
        )}
        {document.showUserReceipt && document.orderId && (
          <Dropdown.Item as={Link} to={paths.receipt(document.orderId)}>
            View Receipt
          </Dropdown.Item>
        )}
        {compliance && (
          <Dropdown.Item as={Link} to={paths.documentAdmin(documentId)}>
            Admin Options
          </Dropdown.Item>
        )}
        {compliance && document.readyForRenewal && (
          <Dropdown.Item as={Link} to={paths.documentAdminRenew(documentId)}>
            Admin Renewal, No Purchase
          </Dropdown.Item>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
