import type { EpopDocument } from '../api/types.js';

/** A document's status (specs/2-documents.md §3: Paid, Unpaid, Inactive, Processing). */
export type DocumentStatus = EpopDocument['status'];

/** Each status its own colour (specs/3-admin.md §2: Unpaid, Inactive and Processing are distinct). */
export const DOCUMENT_STATUS_VARIANTS: Record<DocumentStatus, string> = {
  Paid: 'success',
  Unpaid: 'danger',
  Inactive: 'secondary',
  Processing: 'warning',
};

/**
 * A document's status as a coloured badge, the same on every list (My POP Documents, the admin client
 * page). `text-bg-*`: Bootstrap's text colour that reads on each background; `data-status` for tests.
 */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <span className={`badge text-bg-${DOCUMENT_STATUS_VARIANTS[status]}`} data-status={status}>
      {status}
    </span>
  );
}
