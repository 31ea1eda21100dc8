import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from 'shared-ui';

/**
 * The user actions of one document (§2 "My POP Documents"; 2-documents §2 "Document actions menu").
 * The pages behind the links decide between edit and read-only view, and whether renewal and
 * testing are open (the list row does not say). Send to Self and Send to All call endpoints that
 * land with the generated-documents issue: until then they are not offered.
 */
export function DocumentActions({ documentId }: { documentId: string }) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-primary" id={`document-actions-${documentId}`}>
        Actions
      </Dropdown.Toggle>
      {/* Fixed positioning: the menu must not be clipped by the scrolling table. */}
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        <Dropdown.Item as={Link} to={paths.document(documentId)}>
          Edit or View
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.documentRenew(documentId)}>
          Renew
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.documentNdt(documentId)}>
          Non-discrimination Testing
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
