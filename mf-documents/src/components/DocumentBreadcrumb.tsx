import { Breadcrumb } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { paths, useSession, type Crumb } from 'shared-ui';

/**
 * The crumbs of a stored document's pages (specs/2-documents.md §2): Home, the document, Download,
 * and Admin Options for compliance only, the same trail on each; `current` marks the page shown.
 */
export function useDocumentCrumbs(
  documentId: string,
  name: string,
  current?: 'Download' | 'Admin Options',
): Crumb[] {
  const { user } = useSession();
  const trail: Required<Omit<Crumb, 'current'>>[] = [
    { label: 'Home', to: paths.home() },
    { label: name, to: paths.document(documentId) },
    { label: 'Download', to: paths.documentDownload(documentId) },
    ...(user?.roleGroup === 'compliance'
      ? [{ label: 'Admin Options', to: paths.documentAdmin(documentId) }]
      : []),
  ];
  return trail.map((crumb) => (crumb.label === current ? { ...crumb, current: true } : crumb));
}

/** The document breadcrumb as a row of links (the order form and the testing page). */
export function DocumentBreadcrumb({ documentId, name }: { documentId: string; name: string }) {
  const crumbs = useDocumentCrumbs(documentId, name);
  return (
    <Breadcrumb>
      {crumbs.map((crumb) => (
        <Breadcrumb.Item key={crumb.label} linkAs={Link} linkProps={{ to: crumb.to! }}>
          {crumb.label}
        </Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
