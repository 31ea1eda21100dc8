import { useState } from 'react';
import { Badge, Button } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
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

function ProductLine({ order, item }: { order: Order; item: OrderItem }) {
  const { user } = useSession();
  const document = actionsInput(order, item);
  const planYear =
    item.currentPlanYearStartDate || item.currentPlanYearEndDate
      ? `${formatDate(item.currentPlanYearStartDate)} - ${formatDate(item.currentPlanYearEndDate)}`
      : null;
  return (
    <li className="d-flex flex-wrap align-items-center gap-1">
      <span>
        {item.documentId ? (
          <Link to={paths.document(item.documentId)}>{item.displayText || item.productType}</Link>
        ) : (
          item.displayText || item.productType
        )}
        {item.returned && (
          <Badge bg="secondary" className="ms-1">
            Returned
          </Badge>
        )}
        <span className="d-block small text-body-secondary">
          {[planYear, formatMoney(item.price), item.broker].filter(Boolean).join(' · ')}
        </span>
      </span>
      {user && document && <DocumentActionsMenu user={user} document={document} />}
    </li>
  );
}

/** The client companies of an order, once each, linked to their page. */
export function OrderClients({ order }: { order: Order }) {
  const clients = new Map<string, string>();
  for (const item of order.items) {
    if (item.clientId) clients.set(item.clientId, item.clientCompanyName ?? 'Client');
  }
  return (
    <ul className="list-unstyled mb-0">
      {[...clients].map(([clientId, name]) => (
        <li key={clientId}>
          <Link to={paths.adminClient(clientId)}>{name}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * An order's actions: View Receipt, Mark as Reviewed (a new order only: the specs' hide call) and
 * Email Purchaser (after 'Are you sure?').
 */
export function OrderActions({ order, onReviewed }: { order: Order; onReviewed(): void }) {
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
    <>
      <div className="d-flex flex-wrap gap-1">
        {order.hasReceipt && (
          <Link className="btn btn-outline-secondary btn-sm text-nowrap" to={paths.receipt(order.orderId)}>
            View Receipt
          </Link>
        )}
        {order.new && (
          <Button
            variant="primary"
            size="sm"
            className="text-nowrap"
            onClick={() => void markAsReviewed()}
            disabled={reviewing}
          >
            Mark as Reviewed
          </Button>
        )}
        {/* An order without a receipt (an old free one) has nothing to e-mail. */}
        {order.hasReceipt && (
          <Button
            variant="outline-secondary"
            size="sm"
            className="text-nowrap"
            onClick={() => setConfirmingEmail(true)}
            disabled={emailing}
          >
            Email Purchaser
          </Button>
        )}
      </div>
      <ConfirmDialog
        show={confirmingEmail}
        title="Email Purchaser"
        message={ORDER_MESSAGES.confirmEmailPurchaser}
        confirmLabel="Send"
        onConfirm={() => void sendReceipt()}
        onCancel={() => setConfirmingEmail(false)}
      />
    </>
  );
}

/** The products of an order, each with its document's link, plan year, price, broker and actions menu. */
export function OrderProducts({ order }: { order: Order }) {
  return (
    <ul className="list-unstyled mb-0 d-grid gap-1">
      {order.items.map((item) => (
        <ProductLine key={item.orderItemId} order={order} item={item} />
      ))}
    </ul>
  );
}
