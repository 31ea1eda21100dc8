import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import {
  Busy,
  DocumentActionsMenu,
  DocumentStatusBadge,
  formatDate,
  paths,
  useClientDocuments,
  useSession,
  type ClientDocument,
  type DocumentActionsInput,
} from 'shared-ui';
import { CLIENT_MESSAGES } from '../messages.js';

/** A row as the actions menu takes it. */
const actionsInput = (document: ClientDocument): DocumentActionsInput => ({
  documentId: document.documentId,
  status: document.status,
  isReadOnly: document.isReadOnly,
  readyForRenewal: document.readyForRenewal,
  deactivated: document.deactivated,
  showUserReceipt: document.showUserReceipt,
  orderId: document.orderId,
});

/**
 * The client's documents, newest first (compliance sees the inactive ones too): documentId (opens
 * the admin document page), order number (the receipt when `showUserReceipt`), name, plan year start
 * and end, created, created by, status and the document's actions menu (compliance's variants:
 * specs/1-foundation.md §6). `onChange`: after an action that writes the client's change log.
 */
export function ClientDocuments({ clientId, onChange }: { clientId: string; onChange?(): void }) {
  const { data: documents } = useClientDocuments(clientId);
  const { user } = useSession();
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
              <th scope="col">Actions</th>
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
                  <DocumentStatusBadge status={document.status} />
                </td>
                <td>
                  {user && (
                    <DocumentActionsMenu user={user} document={actionsInput(document)} onChange={onChange} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
