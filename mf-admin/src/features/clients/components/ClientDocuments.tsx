import { Link } from 'shared-ui/router';
import {
  DataTable,
  DocumentActionsMenu,
  DocumentStatusBadge,
  formatDate,
  paths,
  useClientDocuments,
  useSession,
  type ClientDocument,
  type Column,
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
  const columns: Column<ClientDocument>[] = [
    {
      key: 'documentId',
      header: 'Document Id',
      cell: (document) => (
        <Link to={paths.documentAdmin(document.documentId)} className="font-monospace small">
          {document.documentId}
        </Link>
      ),
    },
    {
      key: 'orderNumber',
      header: 'Order #',
      cell: (document) =>
        document.showUserReceipt && document.orderId ? (
          <Link to={paths.receipt(document.orderId)}>{document.orderNumber}</Link>
        ) : (
          document.orderNumber
        ),
    },
    { key: 'name', header: 'Name', cell: (document) => document.name },
    { key: 'start', header: 'Start Date', cell: (document) => formatDate(document.currentPlanYearStartDate) },
    { key: 'end', header: 'End Date', cell: (document) => formatDate(document.currentPlanYearEndDate) },
    { key: 'created', header: 'Created', cell: (document) => formatDate(document.createdDate) },
    { key: 'createdBy', header: 'Created By', cell: (document) => document.createdBy },
    { key: 'status', header: 'Status', cell: (document) => <DocumentStatusBadge status={document.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (document) =>
        user && <DocumentActionsMenu user={user} document={actionsInput(document)} onChange={onChange} />,
    },
  ];
  return (
    <section className="mb-4">
      <h2 className="h5">Documents</h2>
      <DataTable
        label="Documents"
        columns={columns}
        rows={documents}
        rowKey={(document) => document.documentId}
        empty={CLIENT_MESSAGES.noDocuments}
        busyLabel="Loading documents"
        size="sm"
        hover
      />
    </section>
  );
}
