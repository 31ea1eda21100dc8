import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Pagination, useDebouncedValue } from 'shared-ui';
import { useOrders } from '../api/get-orders.js';
import { NewDocumentDropdown } from './NewDocumentDropdown.js';
import { OrderPanel } from './OrderPanel.js';

/** How long typing must pause before the orders are searched. */
const SEARCH_DEBOUNCE_MS = 400;

/** The compliance home (specs/1-foundation.md §2 "Admin Orders"), exposed as mf_admin/OrderManagement. */
export default function OrderManagement() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, mutate } = useOrders(page, searchText);

  return (
    <section className="py-3">
      <h1>Order Management</h1>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <Form.Control
          type="search"
          className="flex-grow-1"
          style={{ maxWidth: '32rem' }}
          placeholder="Order #, Transaction #, or Company Name"
          aria-label="Search orders"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <div className="ms-auto">
          <NewDocumentDropdown />
        </div>
      </div>

      {isLoading && (
        <div className="text-center p-4">
          <Spinner animation="border" role="status" aria-label="Loading orders" />
        </div>
      )}
      {error && !data && <Alert variant="danger">The orders could not be loaded.</Alert>}
      {data && data.data.length === 0 && <p className="text-muted">No orders found</p>}
      {data?.data.map((order) => (
        <OrderPanel key={order.orderId} order={order} onReviewed={() => void mutate()} />
      ))}
      {data && <Pagination page={page} pages={data.pages} onChange={setPage} />}
    </section>
  );
}
