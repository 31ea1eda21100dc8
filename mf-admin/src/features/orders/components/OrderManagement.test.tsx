import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { stubFetch } from 'shared-ui/testing';
import OrderManagement from './OrderManagement.js';
import { type Order, type OrderPage } from 'shared-ui';

function order(orderNumber: string, isNew: boolean): Order {
  return {
    orderId: `id-${orderNumber}`,
    orderNumber,
    orderDate: '2026-03-04',
    orderedBy: 'Demo Broker',
    orderedByEmail: 'broker@example.com',
    total: 300,
    transactionId: isNew ? 'TX-77' : null,
    new: isNew,
    hasReceipt: true,
    items: [
      {
        orderItemId: `item-${orderNumber}`,
        productType: 'POP Document',
        displayText: `Acme ${orderNumber} POP`,
        returned: false,
        documentId: `doc-${orderNumber}`,
        currentPlanYearStartDate: '2026-01-01',
        currentPlanYearEndDate: '2026-12-31',
        clientId: `client-${orderNumber}`,
        clientCompanyName: `Acme ${orderNumber}`,
        price: 300,
        broker: 'Demo Broker',
      },
    ],
  };
}

function renderPage() {
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter>
        <OrderManagement />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('Order Management', () => {
  afterEach(cleanup);

  it('shows the order panels with their links and the partners in New POP Document', async () => {
    const { calls } = stubFetch({
      'GET /order': { body: { data: [order('1001', true), order('1002', false)], pages: 1 } },
      'GET /strategic-partner': { body: [{ companyId: 'sp-9', name: 'Colonial' }] },
    });
    renderPage();

    const panel = await screen.findByRole('article', { name: 'Order 1001' });
    expect(within(panel).getByText('03/04/2026')).toBeTruthy();
    expect(within(panel).getByText('TX-77')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Acme 1001 POP' }).getAttribute('href')).toBe(
      '/document/doc-1001',
    );
    expect(within(panel).getByRole('link', { name: 'Acme 1001' }).getAttribute('href')).toBe(
      '/admin/client/client-1001',
    );
    // View Receipt returns with the receipt endpoint (the checkout issue).
    expect(within(panel).queryByRole('link', { name: 'View Receipt' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Email Purchaser' }).getAttribute('href')).toBe(
      'mailto:broker@example.com',
    );
    // Only new orders can be marked as reviewed.
    expect(screen.getAllByRole('button', { name: 'Mark as Reviewed' })).toHaveLength(1);
    expect(calls.map((call) => call.url)).toContain('/api/order?page=1&pageSize=10&searchText=');

    fireEvent.click(screen.getByRole('button', { name: 'New POP Document' }));
    expect((await screen.findByRole('link', { name: 'General' })).getAttribute('href')).toBe('/document/new');
    expect(screen.getByRole('link', { name: 'Colonial' }).getAttribute('href')).toBe('/document/new/sp-9');
  });

  it('marks a new order as reviewed through the hide call, then reloads the orders', async () => {
    let reviewed = false;
    const { calls } = stubFetch({
      'POST /order/{orderId}/hide': (call) => {
        reviewed = call.params.orderId === 'id-1001';
        return { body: { orderId: 'id-1001', new: false } };
      },
      'GET /order': () => ({ body: { data: [order('1001', !reviewed)], pages: 1 } }),
      'GET /strategic-partner': { body: [] },
    });
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Reviewed' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as Reviewed' })).toBeNull());
    const hide = calls.find((call) => call.method === 'POST');
    expect(hide?.headers['x-csrf']).toBe('1');
  });

  it('searches by the text typed, after the typing stops', async () => {
    const { calls } = stubFetch({
      'GET /order': { body: { data: [], pages: 0 } satisfies OrderPage },
      'GET /strategic-partner': { body: [] },
    });
    renderPage();
    expect(await screen.findByText('No orders found')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Order #, Transaction #, or Company Name'), {
      target: { value: 'Acme Tools' },
    });
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/order?page=1&pageSize=10&searchText=Acme%20Tools',
      ),
    );
    // One search call for the whole phrase, not one per key.
    expect(calls.filter((call) => call.url.includes('searchText=Acme')).length).toBe(1);
  });
});
