import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Form } from 'shared-ui/bootstrap';
import {
  DataTable,
  EmptyState,
  formatDate,
  formatMoney,
  notifyError,
  notifySuccess,
  PageHeader,
  Pagination,
  SearchBox,
  useDebouncedValue,
  type Column,
  type Order,
} from 'shared-ui';
import { useOrders } from '../api/get-orders.js';
import { markReviewed } from '../api/mark-reviewed.js';
import { NO_FILTERS, useOrderFilters } from '../hooks/use-order-filters.js';
import { ORDER_MESSAGES } from '../messages.js';
import { NewDocumentDropdown } from './NewDocumentDropdown.js';
import { OrderFilterBar } from './OrderFilterBar.js';
import { OrderActions, OrderClients, OrderProducts } from './OrderCells.js';

/** How long typing must pause before the orders are searched. */
const SEARCH_DEBOUNCE_MS = 400;

/** The search box's text, searched once typing pauses; it follows the address when that changes (Back). */
function useSearchInput(searchText: string, apply: (searchText: string) => void) {
  const [input, setInput] = useState(searchText);
  const settled = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const applied = useRef(searchText);
  useEffect(() => {
    if (settled === applied.current) return;
    applied.current = settled;
    apply(settled);
  }, [settled, apply]);
  useEffect(() => {
    if (searchText === applied.current) return;
    applied.current = searchText;
    setInput(searchText);
  }, [searchText]);
  return [input, setInput] as const;
}

/** The orders of the page as one dense table; new orders can be selected for the bulk Mark as Reviewed. */
function OrdersTable({
  orders,
  loadError,
  empty,
  selected,
  onSelect,
  onReviewed,
}: {
  orders: Order[] | undefined;
  loadError: string | false;
  empty: ReactNode;
  selected: ReadonlySet<string>;
  onSelect(orderIds: string[], selected: boolean): void;
  onReviewed(): void;
}) {
  const columns: Column<Order>[] = [
    {
      key: 'select',
      header: 'Select',
      hideHeader: true,
      cell: (order) =>
        order.new && (
          <input
            type="checkbox"
            className="form-check-input"
            aria-label={`Select order ${order.orderNumber}`}
            checked={selected.has(order.orderId)}
            onChange={(event) => onSelect([order.orderId], event.target.checked)}
          />
        ),
    },
    {
      key: 'date',
      header: 'Order Date',
      className: 'text-nowrap',
      cell: (order) => formatDate(order.orderDate),
    },
    {
      key: 'number',
      header: 'Order #',
      rowHeader: true,
      className: 'text-nowrap',
      cell: (order) => order.orderNumber,
    },
    {
      key: 'orderedBy',
      header: 'Ordered By',
      cell: (order) => (
        <span>
          {order.orderedBy}
          <span className="d-block small text-body-secondary text-break">{order.orderedByEmail}</span>
        </span>
      ),
    },
    { key: 'company', header: 'Company', cell: (order) => <OrderClients order={order} /> },
    { key: 'products', header: 'Products', cell: (order) => <OrderProducts order={order} /> },
    {
      key: 'total',
      header: 'Total',
      className: 'text-end text-nowrap',
      cell: (order) => formatMoney(order.total),
    },
    {
      key: 'transaction',
      header: 'Transaction #',
      className: 'text-break',
      cell: (order) => order.transactionId,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (order) =>
        order.new && (
          <Badge bg="warning" text="dark">
            New
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (order) => <OrderActions order={order} onReviewed={onReviewed} />,
    },
  ];
  return (
    <DataTable
      label="Orders"
      columns={columns}
      rows={orders}
      rowKey={(order) => order.orderId}
      empty={empty}
      busyLabel="Loading orders"
      loadError={loadError}
      size="sm"
      hover
      rowClassName={(order) => (order.new ? 'data-table-row-new' : undefined)}
    />
  );
}

/**
 * The compliance home (specs/1-foundation.md §2 "Admin Orders"), exposed as mf_admin/OrderManagement:
 * one dense table of the orders with filters (issue 24 item 7), the search and the filters in the
 * address, and a bulk Mark as Reviewed of the new orders selected on the page.
 */
export default function OrderManagement() {
  const { filters, filtered, update } = useOrderFilters();
  const [searchInput, setSearchInput] = useSearchInput(filters.searchText, (searchText) =>
    update({ searchText }, { replace: true }),
  );
  const { data, error, mutate } = useOrders(filters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [marking, setMarking] = useState(false);

  // A selection belongs to the page shown: another page, search or filter starts without one.
  const listKey = JSON.stringify(filters);
  useEffect(() => setSelected(new Set()), [listKey]);

  function select(orderIds: string[], checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const orderId of orderIds) {
        if (checked) next.add(orderId);
        else next.delete(orderId);
      }
      return next;
    });
  }

  // What the bulk action sends: the selected orders still new on the page shown (one reviewed
  // meanwhile, by its own button or by a colleague, drops out when the list is read again).
  const orders = data?.data;
  const selectable = (orders ?? []).filter((order) => order.new).map((order) => order.orderId);
  const chosen = selectable.filter((orderId) => selected.has(orderId));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  async function markSelected() {
    setMarking(true);
    try {
      const { reviewed, notFound } = await markReviewed(chosen);
      if (reviewed.length > 0) notifySuccess(ORDER_MESSAGES.reviewed(reviewed.length));
      if (notFound.length > 0) notifyError(ORDER_MESSAGES.notFound(notFound.length));
      setSelected(new Set());
      await mutate();
    } catch {
      // The api client has already told the user.
    } finally {
      setMarking(false);
    }
  }

  return (
    <section className="py-3">
      <PageHeader title="Order Management" />
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <SearchBox
          className="flex-grow-1"
          style={{ maxWidth: '32rem', minWidth: 0 }}
          placeholder="Order #, Transaction #, or Company Name"
          label="Search orders"
          value={searchInput}
          onChange={setSearchInput}
        />
        <div className="ms-auto">
          <NewDocumentDropdown />
        </div>
      </div>
      <OrderFilterBar filters={filters} onChange={(changes) => update(changes)} />

      {/* The bulk action and its select-all, above the table: visible on a phone too (the table's
          header row is hidden there, each order a card). */}
      <div className="d-flex flex-wrap gap-3 align-items-center mb-2">
        <Form.Check
          id="select-all-new-orders"
          label="Select all new orders on this page"
          checked={allChosen}
          ref={(box: HTMLInputElement | null) => {
            if (box) box.indeterminate = chosen.length > 0 && !allChosen;
          }}
          disabled={selectable.length === 0}
          onChange={(event) => select(selectable, event.target.checked)}
        />
        <Button size="sm" disabled={chosen.length === 0 || marking} onClick={() => void markSelected()}>
          Mark as Reviewed ({chosen.length})
        </Button>
      </div>

      <OrdersTable
        orders={orders}
        loadError={error && !data ? 'orders' : false}
        empty={
          <EmptyState
            action={
              filtered && (
                <Button
                  variant="link"
                  onClick={() => {
                    setSearchInput('');
                    update({ ...NO_FILTERS, searchText: '' });
                  }}
                >
                  Clear search and filters
                </Button>
              )
            }
          >
            {ORDER_MESSAGES.noOrders}
            {filtered && <span className="d-block">{ORDER_MESSAGES.noMatch}</span>}
          </EmptyState>
        }
        selected={selected}
        onSelect={select}
        onReviewed={() => void mutate()}
      />
      <div className="overflow-auto">
        <Pagination page={filters.page} pages={data?.pages ?? 0} onChange={(page) => update({ page })} />
      </div>
    </section>
  );
}
