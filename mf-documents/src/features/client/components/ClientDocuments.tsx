import { Link } from 'shared-ui/router';
import {
  DataTable,
  DocumentStatusBadge,
  formatDate,
  paths,
  TERMS,
  useClientDocuments,
  type ClientDocument,
  type Column,
} from 'shared-ui';

const columns: Column<ClientDocument>[] = [
  {
    key: 'document',
    header: 'Document',
    cell: (document) => <Link to={paths.document(document.documentId)}>{document.name}</Link>,
  },
  {
    key: 'planDates',
    header: TERMS.planDates,
    className: 'text-md-nowrap',
    cell: (document) =>
      `${formatDate(document.currentPlanYearStartDate)} - ${formatDate(document.currentPlanYearEndDate)}`,
  },
  { key: 'status', header: 'Status', cell: (document) => <DocumentStatusBadge status={document.status} /> },
  { key: 'created', header: 'Created Date', cell: (document) => formatDate(document.createdDate) },
];

/** The client's list of documents, newest first; each opens at /document/{documentId}. */
export function ClientDocuments({ clientId }: { clientId: string }) {
  const { data: documents } = useClientDocuments(clientId);
  return (
    <section aria-labelledby="client-documents-title" className="mb-4">
      <h2 id="client-documents-title" className="h5">
        Documents
      </h2>
      <DataTable
        label="The client's documents"
        columns={columns}
        rows={documents}
        rowKey={(document) => document.documentId}
        empty="No documents found."
        busyLabel="Loading documents"
        size="sm"
        hover
      />
    </section>
  );
}
