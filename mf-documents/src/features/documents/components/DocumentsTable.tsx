import { Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { DocumentStatusBadge, formatDate, paths, type DocumentListRow, type SessionUser } from 'shared-ui';
// The actions menu is shared-ui's (the admin client page, Order Management and the admin page show it too).
import { DocumentActionsMenu as DocumentActions } from 'shared-ui';

interface DocumentsTableProps {
  user: SessionUser;
  documents: DocumentListRow[];
}

/**
 * Columns of §2 "My POP Documents": Order No., Client Company Name, Plan Dates, Created Date, Status,
 * Actions. An employer is the company whose documents they see, so their table has no Client Company
 * Name (brokers and compliance keep it). Status in the specs' colours (DocumentStatusBadge).
 */
export function DocumentsTable({ user, documents }: DocumentsTableProps) {
  const isBroker = user.roleGroup === 'broker';
  const showsClient = user.roleGroup !== 'epop';
  return (
    <Table responsive hover className="align-middle">
      <thead>
        <tr>
          <th scope="col">Order No.</th>
          {showsClient && <th scope="col">Client Company Name</th>}
          <th scope="col">Plan Dates</th>
          <th scope="col">Created Date</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <tr key={document.documentId}>
            <td>
              {/* §2 "My POP Documents": the order number links to the receipt only when showUserReceipt. */}
              {document.showUserReceipt && document.orderId ? (
                <Link to={paths.receipt(document.orderId)}>{document.orderNumber}</Link>
              ) : (
                document.orderNumber
              )}
            </td>
            {showsClient && (
              <td>
                {/* Only brokers have a client page here (§6: epop users get no client links). */}
                {isBroker ? <Link to={paths.client(document.clientId)}>{document.name}</Link> : document.name}
              </td>
            )}
            <td className="text-nowrap">
              {formatDate(document.startDate)} - {formatDate(document.endDate)}
            </td>
            <td>{formatDate(document.createdDate)}</td>
            <td>
              <DocumentStatusBadge status={document.status} />
            </td>
            <td>
              <DocumentActions user={user} document={document} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
