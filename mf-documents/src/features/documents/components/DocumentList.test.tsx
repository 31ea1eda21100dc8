import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { broker, compliance, employer, renderAt, stubFetch } from 'shared-ui/testing';
import { DocumentList } from './DocumentList.js';
import { type DocumentListRow, type DocumentPage } from 'shared-ui';

const paid: DocumentListRow = {
  documentId: 'doc-1',
  orderId: 'ord-1',
  orderNumber: '1001',
  name: 'Acme Corp',
  clientId: 'cl-1',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  createdDate: '2025-12-15T15:30:00.000Z',
  showUserReceipt: true,
  status: 'Paid',
  isReadOnly: false,
  deactivated: false,
  readyForRenewal: false,
};
const noReceipt: DocumentListRow = {
  ...paid,
  documentId: 'doc-2',
  orderId: 'ord-2',
  orderNumber: '1002',
  name: 'Globex LLC',
  clientId: 'cl-2',
  showUserReceipt: false,
};

const pageOf = (data: DocumentListRow[], pages = 1): { body: DocumentPage } => ({
  body: { data, pages },
});

afterEach(cleanup);

describe('DocumentList', () => {
  it("lists the user's documents with their order numbers and formatted dates", async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /epop-document/{id}': pageOf([paid, noReceipt]),
    });
    renderAt('/', <DocumentList user={broker} />);

    // The home's page heading, which also titles the browser's tab.
    expect(await screen.findByRole('heading', { level: 1, name: 'My POP Documents' })).toBeTruthy();
    expect(document.title).toBe('My POP Documents - POP Documents');
    expect(calls.find((call) => call.url.includes('epop-document'))?.params).toEqual({ id: 'u-broker' });
    expect(screen.getByText('1001')).toBeTruthy();
    expect(screen.getByText('1002')).toBeTruthy();
    // The order number links to its receipt only when showUserReceipt (§2 "My POP Documents").
    expect(screen.getByRole('link', { name: '1001' }).getAttribute('href')).toBe('/orders/ord-1/receipt');
    expect(screen.queryByRole('link', { name: '1002' })).toBeNull();
    expect(screen.getAllByText('01/01/2026 - 12/31/2026')).toHaveLength(2);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Order No.',
      'Client Company Name',
      'Plan Dates',
      'Created Date',
      'Status',
      'Actions',
    ]);
    // On a phone each row is a card whose values carry their column's name.
    const [firstRow] = within(screen.getByRole('region', { name: 'My POP Documents' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      within(firstRow!)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(headers);
  });

  // An employer is the company whose documents they see: no Client Company Name column for them.
  it.each([
    ['an employer', employer, ['Order No.', 'Plan Dates', 'Created Date', 'Status', 'Actions']],
    [
      'compliance',
      compliance,
      ['Order No.', 'Client Company Name', 'Plan Dates', 'Created Date', 'Status', 'Actions'],
    ],
  ])("gives %s the role's columns", async (_name, user, columns) => {
    stubFetch({ 'GET /bff/user': { body: user }, 'GET /epop-document/{id}': pageOf([paid]) });
    renderAt('/', <DocumentList user={user} />);
    expect(await screen.findByText('1001')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(columns);
    expect(screen.queryByText('Acme Corp') !== null).toBe(columns.includes('Client Company Name'));
  });

  it("shows each document's status in the specs' colours", async () => {
    const statuses = ['Paid', 'Unpaid', 'Processing', 'Inactive'] as const;
    const rows = statuses.map((status, index) => ({
      ...noReceipt,
      documentId: `doc-${status}`,
      orderNumber: `20${index}`,
      status,
    }));
    stubFetch({ 'GET /bff/user': { body: employer }, 'GET /epop-document/{id}': pageOf(rows) });
    renderAt('/', <DocumentList user={employer} />);
    expect(await screen.findByText('200')).toBeTruthy();
    const shown = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const status = row.querySelectorAll('td')[3]!;
        return [status.textContent, status.querySelector('.badge')?.className];
      });
    expect(shown).toEqual([
      ['Paid', expect.stringContaining('text-bg-success')],
      ['Unpaid', expect.stringContaining('text-bg-danger')],
      ['Processing', expect.stringContaining('text-bg-warning')],
      ['Inactive', expect.stringContaining('text-bg-secondary')],
    ]);
  });

  it('links the client name to the client page for brokers only', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /epop-document/{id}': pageOf([paid]) });
    renderAt('/', <DocumentList user={broker} />);
    expect((await screen.findByRole('link', { name: 'Acme Corp' })).getAttribute('href')).toBe(
      '/client/cl-1',
    );
    cleanup();

    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /epop-document/{id}': pageOf([paid]) });
    renderAt('/', <DocumentList user={compliance} />);
    expect(await screen.findByText('Acme Corp')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Acme Corp' })).toBeNull();
  });

  it('renders renderEmpty() instead of the list when the user has no documents', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /epop-document/{id}': pageOf([], 0) });
    renderAt('/', <DocumentList user={broker} renderEmpty={() => <p>Overview instead</p>} />);
    expect(await screen.findByText('Overview instead')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My POP Documents' })).toBeNull();
  });

  it('searches by company name after typing pauses, keeping the list when nothing matches', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /epop-document/{id}': (call) =>
        call.query.get('searchText') === 'zzz' ? pageOf([], 0) : pageOf([paid, noReceipt]),
    });
    renderAt('/', <DocumentList user={broker} renderEmpty={() => <p>Overview instead</p>} />);

    const search = await screen.findByPlaceholderText('Search by company name');
    fireEvent.change(search, { target: { value: 'z' } });
    fireEvent.change(search, { target: { value: 'zz' } });
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No documents found.')).toBeTruthy();
    expect(screen.queryByText('Overview instead')).toBeNull();
    const searches = calls.filter((call) => call.url.includes('epop-document')).map((call) => call.url);
    expect(searches).toEqual([
      '/api/epop-document/u-broker?page=1&pageSize=10&searchText=',
      '/api/epop-document/u-broker?page=1&pageSize=10&searchText=zzz',
    ]);
  });

  // The menu's buttons (sending, (de)activation) are DocumentActions.test.tsx's.
  const openActions = async (user: typeof broker, row: DocumentListRow) => {
    const stub = stubFetch({ 'GET /bff/user': { body: user }, 'GET /epop-document/{id}': pageOf([row]) });
    renderAt('/', <DocumentList user={user} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    await screen.findByRole('link', { name: /^(Edit|View)$/ });
    const entries = () => screen.getAllByRole('link').filter((link) => link.closest('.dropdown-menu'));
    return { stub, entries: () => entries().map((link) => [link.textContent, link.getAttribute('href')]) };
  };

  it('offers Edit, Renew only when the document is ready for renewal, View Receipt only with a receipt', async () => {
    const { stub, entries } = await openActions(broker, noReceipt);
    expect(entries()).toEqual([
      ['Edit', '/document/doc-2'],
      ['Non-discrimination Testing', '/document/doc-2/ndt'],
    ]);
    expect(stub.calls.some((call) => call.method === 'POST')).toBe(false);
    cleanup();

    const ready = await openActions(broker, { ...paid, readyForRenewal: true });
    expect(ready.entries()).toEqual([
      ['Edit', '/document/doc-1'],
      ['Renew', '/document/doc-1/renew'],
      ['Non-discrimination Testing', '/document/doc-1/ndt'],
      ['View Receipt', '/orders/ord-1/receipt'],
    ]);
    cleanup();

    const readOnly = await openActions(broker, { ...noReceipt, isReadOnly: true });
    expect(readOnly.entries()).toEqual([['View', '/document/doc-2']]);
  });

  it('adds Admin Options and Admin Renewal, No Purchase for compliance', async () => {
    const { entries } = await openActions(compliance, { ...paid, readyForRenewal: true });
    // In the spec's order: the admin entries before View Receipt.
    expect(entries()).toEqual([
      ['Edit', '/document/doc-1'],
      ['Renew', '/document/doc-1/renew'],
      ['Non-discrimination Testing', '/document/doc-1/ndt'],
      ['Admin Options', '/document/doc-1/admin'],
      ['Admin Renewal, No Purchase', '/document/doc-1/admin/renew'],
      ['View Receipt', '/orders/ord-1/receipt'],
    ]);
  });
});
