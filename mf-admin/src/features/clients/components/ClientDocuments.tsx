import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { Busy, formatDate, paths, useClientDocuments, type ClientDocument } from 'shared-ui';
import { CLIENT_MESSAGES } from '../messages.js';

/** Each status its own colour (specs/3-admin.md §2: Unpaid, Inactive and Processing are distinct). */
export const STATUS_VARIANTS: Record<ClientDocument['status'], string> = {
  Paid: 'success',
  Unpaid: 'danger',
  Inactive: 'secondary',
  Processing: 'warning',
};

/**
 * The client's documents, newest first (compliance sees the inactive ones too): documentId (opens
 * the admin document page), order number (the receipt when `showUserReceipt`), name, plan year start
 * and end, created, created by and status.
 */
export function ClientDocuments({ clientId }: { clientId: string }) {
  const { data: documents } = useClientDocuments(clientId);
  return (
    <section aria-labelledby="client-documents-title" className="mb-4">
      <h2 id="client-documents-title" className="h5">
        Documents
      </h2>
      {!documents ? (
        <Busy label="Loading documents" />
      ) : documents.length === 0 ? (
        <p className="text-muted">{CLIENT_MESSAGES.noDocuments}</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle" aria-label="Documents">
          <thead>
            <tr>
              <th scope="col">Document Id</th>
              <th scope="col">Order #</th>
              <th scope="col">Name</th>
              <th scope="col">Start Date</th>
              <th scope="col">End Date</th>
              <th scope="col">Created</th>
              <th scope="col">Created By</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => (
              <tr key={document.documentId}>
                <td>
                  <Link to={paths.documentAdmin(document.documentId)} className="font-monospace small">
                    {document.documentId}
                  </Link>
                </td>
                <td>
                  {document.showUserReceipt && document.orderId ? (
                    <Link to={paths.receipt(document.orderId)}>{document.orderNumber}</Link>
                  ) : (
                    document.orderNumber
                  )}
                </td>
                <td>{document.name}</td>
                <td>{formatDate(document.currentPlanYearStartDate)}</td>
                <td>{formatDate(document.currentPlanYearEndDate)}</td>
                <td>{formatDate(document.createdDate)}</td>
                <td>{document.createdBy}</td>
                <td>
                  {/* text-bg-*: the text colour that reads on each background */}
                  <span
                    className={`badge text-bg-${STATUS_VARIANTS[document.status]}`}
                    data-status={document.status}
                  >
                    {document.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
