import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { Busy, formatDate, paths, useClientDocuments } from 'shared-ui';

/** The client's list of documents, newest first; each opens at /document/{documentId}. */
export function ClientDocuments({ clientId }: { clientId: string }) {
  const { data: documents } = useClientDocuments(clientId);
  return (
    <section aria-labelledby="client-documents-title" className="mb-4">
      <h3 id="client-documents-title" className="h5">
        Documents
      </h3>
      {!documents ? (
        <Busy label="Loading documents" />
      ) : documents.length === 0 ? (
        <p className="text-muted">No documents found.</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Plan Dates</th>
              <th scope="col">Status</th>
              <th scope="col">Created Date</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => (
              <tr key={document.documentId}>
                <td>
                  <Link to={paths.document(document.documentId)}>{document.name}</Link>
                </td>
                <td className="text-nowrap">
                  {formatDate(document.currentPlanYearStartDate)} -{' '}
                  {formatDate(document.currentPlanYearEndDate)}
                </td>
                <td>{document.status}</td>
                <td>{formatDate(document.createdDate)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
