import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import {
  ConfirmDialog,
  DocumentActionsMenu,
  formatDate,
  formatMoney,
  notifySuccess,
  paths,
  useSession,
  type DocumentActionsInput,
  type Order,
  type OrderItem,
} from 'shared-ui';
import { emailPurchaser } from '../api/email-purchaser.js';
import { hideOrder } from '../api/hide-order.js';
import { ORDER_MESSAGES } from '../messages.js';

function PlanYear({ item }: { item: OrderItem }) {
  if (!item.currentPlanYearStartDate && !item.currentPlanYearEndDate) return null;
  return (
    <>
      {formatDate(item.currentPlanYearStartDate)} - {formatDate(item.currentPlanYearEndDate)}
    </>
  );
}

/** An item's document as the actions menu takes it (its receipt: this order's); null without one. */
function actionsInput(order: Order, item: OrderItem): DocumentActionsInput | null {
  if (!item.documentId || !item.document) return null;
  return {
    documentId: item.documentId,
    ...item.document,
    showUserReceipt: order.hasReceipt,
    orderId: order.orderId,
  };
}

function OrderItemRow({ order, item }: { order: Order; item: OrderItem }) {
  const { user } = useSession();
  const document = actionsInput(order, item);
  return (
    <tr>
      <td>
        {item.productType}
        {item.returned && (
          <Badge bg="secondary" className="ms-2">
            Returned
          </Badge>
        )}
      </td>
      <td>
        {item.documentId ? (
          <Link to={paths.document(item.documentId)}>{item.displayText || 'View document'}</Link>
        ) : (
          item.displayText
        )}
      </td>
      <td>
        <PlanYear item={item} />
      </td>
      <td>
        {item.clientId ? (
          <Link to={paths.adminClient(item.clientId)}>{item.clientCompanyName ?? 'Client'}</Link>
        ) : (
          item.clientCompanyName
        )}
      </td>
      <td className="text-end">{formatMoney(item.price)}</td>
      <td>{item.broker}</td>
      <td>{user && document && <DocumentActionsMenu user={user} document={document} />}</td>
    </tr>
  );
}

/**
 * One order of Order Management; a new order is highlighted until it is marked as reviewed. Each item's
 * document has its actions menu (compliance's variants: specs/1-foundation.md §6).
 */
export function OrderPanel({ order, onReviewed }: { order: Order; onReviewed(): void }) {
  const [reviewing, setReviewing] = useState(false);
  const [confirmingEmail, setConfirmingEmail] = useState(false);
  const [emailing, setEmailing] = useState(false);

  async function markAsReviewed() {
    setReviewing(true);
    try {
      await hideOrder(order.orderId);
      onReviewed();
    } catch {
      // The api client has already told the user.
    } finally {
      setReviewing(false);
    }
  }

  async function sendReceipt() {
    setConfirmingEmail(false);
    setEmailing(true);
    try {
      const { sentTo } = await emailPurchaser(order.orderId);
      notifySuccess(ORDER_MESSAGES.receiptSent(sentTo));
    } catch {
      // The api client has already told the user.
    } finally {
      setEmailing(false);
    }
  }

  return (
    <Card
      as="article"
      className={`mb-3 ${order.new ? 'order-panel-new border-warning' : ''}`}
      aria-label={`Order ${order.orderNumber}`}
      data-new={order.new || undefined}
    >
      <Card.Header className="d-flex flex-wrap gap-3 align-items-center">
        {order.new && (
          <Badge bg="warning" text="dark">
            New
          </Badge>
        )}
        <span>
          <strong>Order Date:</strong> {formatDate(order.orderDate)}
        </span>
        <span>
          <strong>Ordered By:</strong> {order.orderedBy}
        </span>
        <span>
          <strong>Total:</strong> {formatMoney(order.total)}
        </span>
        <span>
          <strong>Order #:</strong> {order.orderNumber}
        </span>
        {order.transactionId && (
          <span>
            <strong>Transaction #:</strong> {order.transactionId}
          </span>
        )}
      </Card.Header>
      <Card.Body className="p-0">
        <Table responsive size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">Product Type</th>
              <th scope="col">Document</th>
              <th scope="col">Plan Year</th>
              <th scope="col">Client</th>
              <th scope="col" className="text-end">
                Price
              </th>
              <th scope="col">Broker</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <OrderItemRow key={item.orderItemId} order={order} item={item} />
            ))}
          </tbody>
        </Table>
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap gap-2 justify-content-end">
        {order.hasReceipt && (
          <Link className="btn btn-outline-primary btn-sm" to={paths.receipt(order.orderId)}>
            View Receipt
          </Link>
        )}
        {order.new && (
          <Button variant="warning" size="sm" onClick={() => void markAsReviewed()} disabled={reviewing}>
            Mark as Reviewed
          </Button>
        )}
        {/* An order without a receipt (an old free one) has nothing to e-mail. */}
        {order.hasReceipt && (
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => setConfirmingEmail(true)}
            disabled={emailing}
          >
            Email Purchaser
          </Button>
        )}
      </Card.Footer>
      <ConfirmDialog
        show={confirmingEmail}
        title="Email Purchaser"
        message={ORDER_MESSAGES.confirmEmailPurchaser}
        confirmLabel="Send"
        onConfirm={() => void sendReceipt()}
        onCancel={() => setConfirmingEmail(false)}
      />
    </Card>
  );
}
