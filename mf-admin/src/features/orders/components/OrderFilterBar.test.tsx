import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { startTransition, Suspense, use, useState } from 'react';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { NO_FILTERS, type OrderFilters } from '../hooks/use-order-filters.js';
import { OrderFilterBar } from './OrderFilterBar.js';

/** The orders of a filter, still on their way (a transition that does not end until they arrive). */
let release: () => void = () => undefined;
const pending = new Promise<void>((resolve) => (release = resolve));

function Orders({ filters }: { filters: OrderFilters }) {
  if (filters.newOnly || filters.partner !== '') use(pending);
  return <p>orders</p>;
}

/** Order Management's shape: the filters live in a state changed in a transition (React Router's). */
function Page() {
  const [filters, setFilters] = useState<OrderFilters>({ ...NO_FILTERS, searchText: '', page: 1 });
  return (
    <>
      <OrderFilterBar
        filters={filters}
        onChange={(changes) => startTransition(() => setFilters((current) => ({ ...current, ...changes })))}
      />
      <Suspense fallback={<p>loading</p>}>
        <Orders filters={filters} />
      </Suspense>
    </>
  );
}

describe("Order Management's filters", () => {
  afterEach(cleanup);

  it('show a choice at once, while the orders of the new filter are still on their way', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /strategic-partner': { body: [] } });
    renderAt('/', <Page />);
    const newOnly = await screen.findByRole('switch', { name: 'New only' });
    await act(async () => {
      fireEvent.click(newOnly);
    });
    // The transition waits for the orders: the list still shows the old filter's, the switch the choice.
    expect(screen.getByText('orders')).toBeTruthy();
    expect((newOnly as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      release();
      await pending;
    });
    expect((screen.getByRole('switch', { name: 'New only' }) as HTMLInputElement).checked).toBe(true);
  });
});
