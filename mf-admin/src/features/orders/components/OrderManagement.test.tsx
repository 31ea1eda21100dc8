import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'shared-ui/router';
import { compliance, renderAt, stubFetch, type RecordedCall, type StubAnswers } from 'shared-ui/testing';
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
  stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /strategic-partner': { body: [] }, ...answers });

const PARTNER_ID = '3f1c2a9e-0000-4000-8000-0000000000a1';

/** The address bar of the page (the filters live in its query). */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.search}</output>;
}

function renderPage(path = '/') {
  renderAt(
    path,
    <>
      <OrderManagement />
      <Address />
    </>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
/** The row of an order (its order number is the row's header). */
const rowOf = async (orderNumber: string) =>
  (await screen.findByRole('rowheader', { name: orderNumber })).closest('tr') as HTMLElement;
const orderCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/order?'));

describe('Order Management', () => {
  afterEach(cleanup);

  it('shows the orders in one table with their links, and the partners in New POP Document', async () => {
    const { calls } = stubOrders({
      'GET /order': { body: { data: [order('1001', true), order('1002', false)], pages: 1 } },
      // The dropdown reads companyId and name of the partner list's rows.
      'GET /strategic-partner': {
        body: [{ companyId: 'sp-9', name: 'Colonial' }] as StrategicPartnerOption[],
      },
    });
    renderPage();

    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      // The check boxes' column, named for screen readers (its select-all is above the table).
      'Select',
      'Order Date',
      'Order #',
      'Ordered By',
      'Company',
      'Products',
      'Total',
      'Transaction #',
      'Status',
      'Actions',
    ]);
    // Too wide for the screen, the table scrolls in its own focusable box, never the page.
    expect(screen.getByRole('region', { name: 'Orders' }).getAttribute('tabindex')).toBe('0');
    const row = await rowOf('1001');
    expect(within(row).getByText('03/04/2026')).toBeTruthy();
    expect(within(row).getByText('TX-77')).toBeTruthy();
    expect(within(row).getByText('$300.00')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Acme 1001 POP' }).getAttribute('href')).toBe(
      '/document/doc-1001',
    );
    expect(within(row).getByRole('link', { name: 'Acme 1001' }).getAttribute('href')).toBe(
      '/admin/client/client-1001',
    );
    expect(within(row).getByRole('link', { name: 'View Receipt' }).getAttribute('href')).toBe(
      '/orders/id-1001/receipt',
    );
    expect(within(row).getByRole('button', { name: 'Email Purchaser' })).toBeTruthy();
    // A new order is highlighted: the row's stripe and the New status.
    expect(row.className).toContain('data-table-row-new');
    expect(within(row).getByText('New')).toBeTruthy();
    const reviewed = await rowOf('1002');
    expect(reviewed.className).not.toContain('data-table-row-new');
    expect(within(reviewed).queryByText('New')).toBeNull();
    // Only new orders can be marked as reviewed.
    expect(within(table).getAllByRole('button', { name: 'Mark as Reviewed' })).toHaveLength(1);
    expect(orderCalls(calls).map((call) => call.url)).toEqual(['/api/order?page=1&pageSize=10&searchText=']);

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
    });
    renderPage();

    const row = await rowOf('1001');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark as Reviewed' }));
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Mark as Reviewed' })).toBeNull());
    expect(within(row).queryByText('New')).toBeNull();
    expect(row.className).not.toContain('data-table-row-new');
    const hide = calls.find((call) => call.method === 'POST');
    expect(hide?.url).toBe('/api/order/id-1001/hide');
    expect(hide?.headers['x-csrf']).toBe('1');
  });

  it('offers View Receipt and Email Purchaser only for an order that has its receipt', async () => {
    stubOrders({
      'GET /order': { body: { data: [order('1001', false), order('1002', false, false)], pages: 1 } },
    });
    renderPage();

    const withReceipt = await rowOf('1001');
    expect(within(withReceipt).getByRole('link', { name: 'View Receipt' })).toBeTruthy();
    expect(within(withReceipt).getByRole('button', { name: 'Email Purchaser' })).toBeTruthy();
    const withoutReceipt = await rowOf('1002');
    expect(within(withoutReceipt).queryByRole('link', { name: 'View Receipt' })).toBeNull();
    expect(within(withoutReceipt).queryByRole('button', { name: 'Email Purchaser' })).toBeNull();
  });

  it('e-mails the receipt to the purchaser once the user confirms, and says where it went', async () => {
    const { calls } = stubOrders({
      'GET /order': { body: { data: [order('1001', false)], pages: 1 } },
      'POST /order/{orderId}/email-purchaser': (call) => ({
        body: { orderId: call.params.orderId!, sentTo: 'broker@example.com' },
      }),
    });
    renderPage();
    const row = await rowOf('1001');
    const sent = () => calls.filter((call) => call.url.endsWith('/email-purchaser'));

    // Cancel: nothing is sent.
    fireEvent.click(within(row).getByRole('button', { name: 'Email Purchaser' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toHaveLength(0);

    // Send: the receipt goes to the purchaser.
    fireEvent.click(within(row).getByRole('button', { name: 'Email Purchaser' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Receipt sent to broker@example.com')).toBeTruthy();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ method: 'POST', url: '/api/order/id-1001/email-purchaser', body: {} });
    expect(sent()[0]!.headers['x-csrf']).toBe('1');
  });

  it('searches by the text typed, after the typing stops, and keeps it in the address', async () => {
    const { calls } = stubOrders({ 'GET /order': { body: { data: [], pages: 0 } satisfies OrderPage } });
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
    expect(address()).toBe('?search=Acme+Tools');
  });

  it('sends each filter with the list call and writes it in the address', async () => {
    const { calls } = stubOrders({
      'GET /order': { body: { data: [order('1001', true)], pages: 1 } },
      'GET /strategic-partner': {
        body: [{ companyId: PARTNER_ID, name: 'Colonial' }] as StrategicPartnerOption[],
      },
    });
    renderPage();
    await rowOf('1001');
    const lastCall = () => orderCalls(calls).at(-1)!.query;

    const partner = screen.getByRole('combobox', { name: 'Partner' });
    await within(partner).findByRole('option', { name: 'Colonial' });
    expect(
      within(partner)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'General', 'Colonial']);
    fireEvent.change(partner, { target: { value: 'general' } });
    await waitFor(() => expect(lastCall().get('partner')).toBe('general'));
    expect(address()).toBe('?partner=general');

    fireEvent.change(partner, { target: { value: PARTNER_ID } });
    await waitFor(() => expect(lastCall().get('partner')).toBe(PARTNER_ID));

    fireEvent.click(screen.getByRole('switch', { name: 'New only' }));
    await waitFor(() => expect(lastCall().get('newOnly')).toBe('true'));
    expect(address()).toBe(`?new=1&partner=${PARTNER_ID}`);

    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '03/01/2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(lastCall().get('from')).toBe('2026-03-01'));
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '03/10/2026' } });
    fireEvent.blur(to);
    await waitFor(() => expect(lastCall().get('to')).toBe('2026-03-10'));
    expect(address()).toBe(`?from=2026-03-01&to=2026-03-10&new=1&partner=${PARTNER_ID}`);
    expect(lastCall().toString()).toBe(
      `page=1&pageSize=10&searchText=&from=2026-03-01&to=2026-03-10&newOnly=true&partner=${PARTNER_ID}`,
    );

    // To before From says so and is not sent.
    const sentBefore = orderCalls(calls).length;
    fireEvent.change(to, { target: { value: '02/01/2026' } });
    fireEvent.blur(to);
    expect(await screen.findByText('From must be on or before To')).toBeTruthy();
    expect(orderCalls(calls)).toHaveLength(sentBefore);
    expect(address()).toContain('to=2026-03-10');
  });

  it('opens with the filters of a shared link', async () => {
    const { calls } = stubOrders({
      'GET /order': { body: { data: [order('1001', true)], pages: 3 } },
      'GET /strategic-partner': {
        body: [{ companyId: PARTNER_ID, name: 'Colonial' }] as StrategicPartnerOption[],
      },
    });
    renderPage(`/?search=acme&from=2026-03-01&to=2026-03-10&new=1&partner=${PARTNER_ID}&page=2`);
    await rowOf('1001');

    expect(orderCalls(calls)[0]!.url).toBe(
      `/api/order?page=2&pageSize=10&searchText=acme&from=2026-03-01&to=2026-03-10&newOnly=true&partner=${PARTNER_ID}`,
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('03/01/2026');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('03/10/2026');
    expect((screen.getByRole('switch', { name: 'New only' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByPlaceholderText('Order #, Transaction #, or Company Name') as HTMLInputElement).value,
    ).toBe('acme');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Partner' }) as HTMLSelectElement).value).toBe(PARTNER_ID),
    );
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('2').closest('[aria-current="page"]')).not.toBeNull();
  });

  it('pages through the orders; a new filter starts again at page 1', async () => {
    const { calls } = stubOrders({ 'GET /order': { body: { data: [order('1001', false)], pages: 3 } } });
    renderPage();
    await rowOf('1001');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(orderCalls(calls).at(-1)!.query.get('page')).toBe('2'));
    expect(address()).toBe('?page=2');

    fireEvent.click(screen.getByRole('switch', { name: 'New only' }));
    await waitFor(() => expect(orderCalls(calls).at(-1)!.query.get('newOnly')).toBe('true'));
    expect(orderCalls(calls).at(-1)!.query.get('page')).toBe('1');
    expect(address()).toBe('?new=1');
  });

  it('selects the new orders of the page and marks them reviewed in one call', async () => {
    const reviewed = new Set<string>();
    const { calls } = stubOrders({
      'GET /order': () => ({
        body: {
          data: [order('1001', true), order('1002', false), order('1003', true)].map((each) => ({
            ...each,
            new: each.new && !reviewed.has(each.orderId),
          })),
          pages: 1,
        },
      }),
      'POST /order/reviewed': (call) => {
        const { orderIds } = call.body as { orderIds: string[] };
        orderIds.forEach((orderId) => reviewed.add(orderId));
        return { body: { reviewed: orderIds, notFound: [] } };
      },
    });
    renderPage();
    await rowOf('1001');

    const bulk = screen.getByRole('button', { name: 'Mark as Reviewed (0)' }) as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    // A reviewed order has nothing to select.
    expect(within(await rowOf('1002')).queryByRole('checkbox')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order 1003' }));
    expect(screen.getByRole('button', { name: 'Mark as Reviewed (1)' })).toBeTruthy();
    const all = screen.getByRole('checkbox', {
      name: 'Select all new orders on this page',
    }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect((screen.getByRole('checkbox', { name: 'Select order 1001' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(all.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Mark as Reviewed (2)' }));
    expect(await screen.findByText('2 orders marked as reviewed')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: '/api/order/reviewed' });
    expect([...(posts[0]!.body as { orderIds: string[] }).orderIds].sort()).toEqual(['id-1001', 'id-1003']);
    expect(posts[0]!.headers['x-csrf']).toBe('1');
    // The list reloads: nothing new is left, nothing selected.
    await waitFor(() => expect(screen.queryByText('New')).toBeNull());
    expect(screen.getByRole('button', { name: 'Mark as Reviewed (0)' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /^Select order/ })).toBeNull();
  });

  it('says when no order matches the filters, and clears them', async () => {
    const { calls } = stubOrders({
      'GET /order': (call) => ({
        body: call.query.get('partner') ? { data: [], pages: 0 } : { data: [order('1001', false)], pages: 1 },
      }),
    });
    renderPage('/?partner=general&new=1');

    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(screen.getByText('No orders match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await rowOf('1001');
    expect(address()).toBe('');
    expect(orderCalls(calls).at(-1)!.url).toBe('/api/order?page=1&pageSize=10&searchText=');
  });

  it("gives each item's document compliance's actions menu, by its state; an item without a document has none", async () => {
    const ready = order('1001', false);
    ready.items = [
      { ...ready.items[0]!, document: { ...ready.items[0]!.document!, readyForRenewal: true } },
      { ...ready.items[0]!, orderItemId: 'item-fee', documentId: null, document: null, displayText: 'Fee' },
    ];
    stubOrders({
      'GET /order': { body: { data: [ready], pages: 1 } },
    });
    renderPage();

    const panel = await rowOf('1001');
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
