import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';

interface DocumentPageProps {
  title: string;
  children?: ReactNode;
}

/**
 * The frame of a /document/... page. The order form, NDT wizard, admin and download pages are
 * later issues (specs/2-documents.md); until then each route shows its title.
 */
export function DocumentPage({ title, children }: DocumentPageProps) {
  return (
    <section aria-labelledby="document-page-title">
      <h2 id="document-page-title">{title}</h2>
      {children ?? <Alert variant="info">This page is coming soon.</Alert>}
    </section>
  );
}
