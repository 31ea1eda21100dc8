import { Link } from 'shared-ui/router';
import {
  DataTable,
  DocumentStatusBadge,
  formatDate,
  paths,
  TERMS,
  type Column,
  type DocumentListRow,
  type SessionUser,
} from 'shared-ui';
// The actions menu is shared-ui's (the admin client page, Order Management and the admin page show it too).
import { DocumentActionsMenu as DocumentActions } from 'shared-ui';

interface DocumentsTableProps {
  user: SessionUser;
  /** The page's rows; undefined while they load. */
  documents: DocumentListRow[] | undefined;
  empty: string;
}

function columnsFor(user: SessionUser): Column<DocumentListRow>[] {
  const isBroker = user.roleGroup === 'broker';
  const orderNo: Column<DocumentListRow> = {
    key: 'orderNo',
    header: TERMS.orderNo,
    // §2 "My POP Documents": the order number links to the receipt only when showUserReceipt.
    cell: (document) =>
      document.showUserReceipt && document.orderId ? (
        <Link to={paths.receipt(document.orderId)}>{document.orderNumber}</Link>
      ) : (
        document.orderNumber
      ),
  };
  const client: Column<DocumentListRow> = {
    key: 'client',
    header: TERMS.clientCompanyName,
    // Only brokers have a client page here (§6: epop users get no client links).
    cell: (document) =>
      isBroker ? <Link to={paths.client(document.clientId)}>{document.name}</Link> : document.name,
  };
  return [
    orderNo,
    // An employer is the company whose documents they see: no Client Company Name column.
    ...(user.roleGroup !== 'epop' ? [client] : []),
    {
      key: 'planDates',
      header: TERMS.planDates,
      className: 'text-md-nowrap',
      cell: (document) => `${formatDate(document.startDate)} - ${formatDate(document.endDate)}`,
    },
    { key: 'created', header: 'Created Date', cell: (document) => formatDate(document.createdDate) },
    { key: 'status', header: 'Status', cell: (document) => <DocumentStatusBadge status={document.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (document) => <DocumentActions user={user} document={document} />,
    },
  ];
}

/**
 * Columns of §2 "My POP Documents": Order No., Client Company Name, Plan Dates, Created Date, Status,
 * Actions (brokers and compliance; an employer's table has no Client Company Name). Status in the
 * specs' colours (DocumentStatusBadge). On a phone each row is a card (DataTable); the Actions menu
 * opens in a fixed layer, so the card's box does not clip it.
 */
export function DocumentsTable({ user, documents, empty }: DocumentsTableProps) {
  return (
    <DataTable
      label="POP documents"
      columns={columnsFor(user)}
      rows={documents}
      rowKey={(document) => document.documentId}
      empty={empty}
      busyLabel="Loading documents"
      hover
    />
  );
}
