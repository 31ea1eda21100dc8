import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import OrderManagement from './OrderManagement.js';
import { type Order, type OrderPage, type StrategicPartnerOption } from 'shared-ui';

function order(orderNumber: string, isNew: boolean, hasReceipt = true): Order {
  return {
    orderId: `id-${orderNumber}`,
    orderNumber,
    orderDate: '2026-03-04',
    orderedBy: 'Demo Broker',
    orderedByEmail: 'broker@example.com',
    total: 300,
    transactionId: isNew ? 'TX-77' : null,
    new: isNew,
    hasReceipt,
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
        document: { status: 'Paid', isReadOnly: false, deactivated: false, readyForRenewal: false },
      },
    ],
  };
}

/** The page's calls, signed in as compliance (Order Management is compliance's home). */
const stubOrders = (answers: StubAnswers & object) =>
  stubFetch({ 'GET /bff/user': { body: compliance }, ...answers });

function renderPage() {
  renderAt('/', <OrderManagement />);
}

describe('Order Management', () => {
  afterEach(cleanup);

  it('shows the order panels with their links and the partners in New POP Document', async () => {
    const { calls } = stubOrders({
      'GET /order': { body: { data: [order('1001', true), order('1002', false)], pages: 1 } },
      // The dropdown reads companyId and name of the partner list's rows.
      'GET /strategic-partner': {
        body: [{ companyId: 'sp-9', name: 'Colonial' }] as StrategicPartnerOption[],
      },
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
    expect(within(panel).getByRole('link', { name: 'View Receipt' }).getAttribute('href')).toBe(
      '/orders/id-1001/receipt',
    );
    expect(within(panel).getByRole('button', { name: 'Email Purchaser' })).toBeTruthy();
    // Only new orders can be marked as reviewed.
    expect(screen.getAllByRole('button', { name: 'Mark as Reviewed' })).toHaveLength(1);
    expect(calls.map((call) => call.url)).toContain('/api/order?page=1&pageSize=10&searchText=');

    fireEvent.click(screen.getByRole('button', { name: 'New POP Document' }));
    expect((await screen.findByRole('link', { name: 'General' })).getAttribute('href')).toBe('/document/new');
    expect(screen.getByRole('link', { name: 'Colonial' }).getAttribute('href')).toBe('/document/new/sp-9');
  });

  it('marks a new order as reviewed through the hide call, then reloads the orders', async () => {
    let reviewed = false;
    const { calls } = stubOrders({
      'POST /order/{orderId}/hide': (call) => {
        reviewed = call.params.orderId === 'id-1001';
        return { body: { orderId: 'id-1001', new: false } };
      },
      'GET /order': () => ({ body: { data: [order('1001', !reviewed)], pages: 1 } }),
      'GET /strategic-partner': { body: [] },
    });
    renderPage();

    const panel = await screen.findByRole('article', { name: 'Order 1001' });
    // A new order is highlighted: the New badge and the highlighted border.
    expect(within(panel).getByText('New')).toBeTruthy();
    expect(panel.getAttribute('data-new')).toBe('true');

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark as Reviewed' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as Reviewed' })).toBeNull());
    const reviewedPanel = screen.getByRole('article', { name: 'Order 1001' });
    expect(within(reviewedPanel).queryByText('New')).toBeNull();
    expect(reviewedPanel.getAttribute('data-new')).toBeNull();
    const hide = calls.find((call) => call.method === 'POST');
    expect(hide?.headers['x-csrf']).toBe('1');
  });

  it('offers View Receipt and Email Purchaser only for an order that has its receipt', async () => {
    stubOrders({
      'GET /order': { body: { data: [order('1001', false), order('1002', false, false)], pages: 1 } },
      'GET /strategic-partner': { body: [] },
    });
    renderPage();

    const withReceipt = await screen.findByRole('article', { name: 'Order 1001' });
    expect(within(withReceipt).getByRole('link', { name: 'View Receipt' })).toBeTruthy();
    const withoutReceipt = screen.getByRole('article', { name: 'Order 1002' });
    expect(within(withoutReceipt).queryByRole('link', { name: 'View Receipt' })).toBeNull();
    expect(within(withoutReceipt).queryByRole('button', { name: 'Email Purchaser' })).toBeNull();
    expect(within(withReceipt).getByRole('button', { name: 'Email Purchaser' })).toBeTruthy();
  });

  it('e-mails the receipt to the purchaser once the user confirms, and says where it went', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /order': { body: { data: [order('1001', false)], pages: 1 } },
      'GET /strategic-partner': { body: [] },
      'POST /order/{orderId}/email-purchaser': (call) => ({
        body: { orderId: call.params.orderId!, sentTo: 'broker@example.com' },
      }),
    });
    renderAt('/', <OrderManagement />);
    const panel = await screen.findByRole('article', { name: 'Order 1001' });
    const sent = () => calls.filter((call) => call.url.endsWith('/email-purchaser'));

    // No: nothing is sent.
    fireEvent.click(within(panel).getByRole('button', { name: 'Email Purchaser' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toHaveLength(0);

    // Send: the receipt goes to the purchaser.
    fireEvent.click(within(panel).getByRole('button', { name: 'Email Purchaser' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Receipt sent to broker@example.com')).toBeTruthy();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ method: 'POST', url: '/api/order/id-1001/email-purchaser', body: {} });
    expect(sent()[0]!.headers['x-csrf']).toBe('1');
  });

  it('searches by the text typed, after the typing stops', async () => {
    const { calls } = stubOrders({
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
  it("gives each item's document compliance's actions menu, by its state; an item without a document has none", async () => {
    const ready = order('1001', false);
    ready.items = [
      { ...ready.items[0]!, document: { ...ready.items[0]!.document!, readyForRenewal: true } },
      { ...ready.items[0]!, orderItemId: 'item-fee', documentId: null, document: null, displayText: 'Fee' },
    ];
    stubOrders({
      'GET /order': { body: { data: [ready], pages: 1 } },
      'GET /strategic-partner': { body: [] },
    });
    renderPage();

    const panel = await screen.findByRole('article', { name: 'Order 1001' });
    // One menu: the fee has no document.
    const [toggle, ...others] = within(panel).getAllByRole('button', { name: 'Actions' });
    expect(others).toEqual([]);
    fireEvent.click(toggle!);
    const menu = (await screen.findByRole('link', { name: 'Edit' })).closest('.dropdown-menu') as HTMLElement;
    expect(Array.from(menu.querySelectorAll('.dropdown-item')).map((entry) => entry.textContent)).toEqual([
      'Edit',
      'Renew',
      'Non-discrimination Testing',
      'Send to Self',
      'Send to All',
      'Admin Options',
      'Admin Renewal, No Purchase',
      'View Receipt',
      'Deactivate',
    ]);
    expect(within(menu).getByRole('link', { name: 'Admin Renewal, No Purchase' }).getAttribute('href')).toBe(
      '/document/doc-1001/admin/renew',
    );
    // The receipt is this order's.
    expect(within(menu).getByRole('link', { name: 'View Receipt' }).getAttribute('href')).toBe(
      '/orders/id-1001/receipt',
    );
  });
});
