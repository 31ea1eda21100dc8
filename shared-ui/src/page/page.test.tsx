import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'shared-ui/router';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DataTable, type Column } from './DataTable.js';
import { TERMS } from './glossary.js';
import { PageHeader } from './PageHeader.js';
import { EmptyState, LoadingState, NotFound } from './states.js';

afterEach(cleanup);

interface Order {
  id: string;
  number: number;
  company: string;
}

const columns: Column<Order>[] = [
  { key: 'number', header: TERMS.orderNo, cell: (order) => order.number },
  { key: 'company', header: TERMS.companyName, cell: (order) => order.company },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: () => <button type="button">View</button> },
];

describe('the page kit', () => {
  it("PageHeader: one h1 that titles the tab, the breadcrumb ending at this page, the page's action", () => {
    const { unmount } = render(
      <MemoryRouter>
        <PageHeader
          title="Keystone Accounting"
          breadcrumb={[{ label: 'Clients', to: '/admin/clients' }]}
          actions={<button type="button">Edit</button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Keystone Accounting',
    ]);
    expect(document.title).toBe('Keystone Accounting - POP Documents');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Clients' }).getAttribute('href')).toBe('/admin/clients');
    expect(within(trail).getByText('Keystone Accounting').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    unmount();
    expect(document.title).toBe('POP Documents');
  });

  it("PageHeader: a trail that names its own page (a document's pages) marks it, without the title after it", () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="POP Document Download"
          breadcrumb={[
            { label: 'Home', to: '/' },
            { label: 'Download', to: '/document/d/download', current: true },
            { label: 'Admin Options', to: '/document/d/admin' },
          ]}
        />
      </MemoryRouter>,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Download', 'Admin Options']);
    expect(within(trail).getByRole('link', { name: 'Download' }).getAttribute('aria-current')).toBe('page');
  });

  it('PageHeader: a heading that is not text titles the tab with documentTitle', () => {
    render(
      <PageHeader
        title={
          <>
            Order Form <small>Step 2</small>
          </>
        }
        documentTitle="Order Form – Step 2"
      />,
    );
    expect(document.title).toBe('Order Form – Step 2 - POP Documents');
  });

  it('DataTable: the loading state, then the empty state, then a named table whose cells carry their column', () => {
    const table = (rows: Order[] | undefined) => (
      <DataTable label="Orders" columns={columns} rows={rows} rowKey={(o) => o.id} empty="No orders found" />
    );
    const { rerender } = render(table(undefined));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    rerender(table([]));
    expect(screen.getByText('No orders found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(table([{ id: 'a', number: 100011, company: 'Keystone Accounting' }]));
    const grid = screen.getByRole('table', { name: 'Orders' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order No.', 'Company Name', 'Actions']);
    const [number, company, actions] = within(grid).getAllByRole('cell') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // The card layout's labels (below md) are the columns' names; an unnamed column has none.
    expect(number.getAttribute('data-label')).toBe('Order No.');
    expect(company.textContent).toBe('Keystone Accounting');
    expect(actions.getAttribute('data-label')).toBeNull();
    // The scroll box a wide table sits in is reachable by keyboard and named.
    const region = screen.getByRole('region', { name: 'Orders' });
    expect(region.tabIndex).toBe(0);
  });

  it('EmptyState and LoadingState say what they are', () => {
    render(
      <>
        <EmptyState action={<button type="button">New POP Document</button>}>No documents yet</EmptyState>
        <LoadingState label="Loading orders" />
      </>,
    );
    expect(screen.getByText('No documents yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New POP Document' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeTruthy();
  });

  it('NotFound: a heading, why, and the way home, as the page or inside one', () => {
    const { rerender } = render(
      <MemoryRouter>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(document.title).toBe('Page Not Found - POP Documents');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    rerender(
      <MemoryRouter>
        <NotFound title="Document not found" message="Not yours to open." headingLevel={2} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Document not found' })).toBeTruthy();
    expect(screen.getByText('Not yours to open.')).toBeTruthy();
  });

  it("ConfirmDialog: 'Cancel' changes nothing, the verb confirms", () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        show
        message="Are you sure?"
        confirmLabel="Send"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
