import { Breadcrumb } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths, useSession } from 'shared-ui';

/**
 * The breadcrumb of a stored document's pages (specs/2-documents.md §2): Home, the document,
 * Download, and Admin Options for compliance only.
 */
export function DocumentBreadcrumb({ documentId, name }: { documentId: string; name: string }) {
  const { user } = useSession();
  const crumbs = [
    { label: 'Home', to: paths.home() },
    { label: name, to: paths.document(documentId) },
    { label: 'Download', to: paths.documentDownload(documentId) },
    ...(user?.roleGroup === 'compliance'
      ? [{ label: 'Admin Options', to: paths.documentAdmin(documentId) }]
      : []),
  ];
  return (
    <Breadcrumb>
      {crumbs.map((crumb) => (
        <Breadcrumb.Item key={crumb.label} linkAs={Link} linkProps={{ to: crumb.to }}>
          {crumb.label}
        </Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
