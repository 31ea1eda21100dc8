import type { ReactNode } from 'react';
import { PageHeader } from '../page/PageHeader.js';

export { useDocumentTitle } from '../page/PageHeader.js';

/** @deprecated PageHeader: the same heading with the breadcrumb and the primary action. */
export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return <PageHeader title={children} lead={lead} />;
}
