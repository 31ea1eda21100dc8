import Alert from 'react-bootstrap/Alert';
import { PagedList, SearchBox, usePagedSearch } from 'shared-ui';
import { useOrders } from '../api/get-orders.js';
import { NewDocumentDropdown } from './NewDocumentDropdown.js';
import { OrderPanel } from './OrderPanel.js';

/** How long typing must pause before the orders are searched. */
const SEARCH_DEBOUNCE_MS = 400;

/** The compliance home (specs/1-foundation.md §2 "Admin Orders"), exposed as mf_admin/OrderManagement. */
export default function OrderManagement() {
  const { searchInput, setSearchInput, searchText, page, setPage } = usePagedSearch(SEARCH_DEBOUNCE_MS);
  const { data, error, mutate } = useOrders(page, searchText);

  return (
    <section className="py-3">
      <h1>Order Management</h1>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <SearchBox
          className="flex-grow-1"
          style={{ maxWidth: '32rem' }}
          placeholder="Order #, Transaction #, or Company Name"
          label="Search orders"
          value={searchInput}
          onChange={setSearchInput}
        />
        <div className="ms-auto">
          <NewDocumentDropdown />
        </div>
      </div>

      {error && !data ? (
        <Alert variant="danger">The orders could not be loaded.</Alert>
      ) : (
        <PagedList
          items={data?.data}
          page={page}
          pages={data?.pages}
          onPageChange={setPage}
          emptyText="No orders found"
          busyLabel="Loading orders"
        >
          {(orders) =>
            orders.map((order) => (
              <OrderPanel key={order.orderId} order={order} onReviewed={() => void mutate()} />
            ))
          }
        </PagedList>
      )}
    </section>
  );
}
