import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type DocumentListRow, type Page } from 'shared-domain';
import { broker, employer, renderAt, stubFetch } from 'shared-ui/testing';
import { DocumentList } from './DocumentList.js';

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

const listUrl = (userId: string, searchText = '', page = 1) =>
  `GET /api/epop-document/${userId}?page=${page}&pageSize=10&searchText=${searchText}`;
const pageOf = (data: DocumentListRow[], pages = 1): { body: Page<DocumentListRow> } => ({
  body: { data, pages },
});

afterEach(cleanup);

describe('DocumentList', () => {
  it('links the order number to the receipt only when showUserReceipt, and formats the dates', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, [listUrl('u-broker')]: pageOf([paid, noReceipt]) });
    renderAt('/', <DocumentList user={broker} />);

    expect(await screen.findByRole('heading', { name: 'My POP Documents' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '1001' }).getAttribute('href')).toBe('/orders/ord-1/receipt');
    expect(screen.queryByRole('link', { name: '1002' })).toBeNull();
    expect(screen.getByText('1002')).toBeTruthy();
    expect(screen.getAllByText('01/01/2026 - 12/31/2026')).toHaveLength(2);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Order No.', 'Client Company Name', 'Plan Dates', 'Created Date', 'Actions']);
  });

  it('links the client name to the client page for brokers only', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, [listUrl('u-broker')]: pageOf([paid]) });
    renderAt('/', <DocumentList user={broker} />);
    expect((await screen.findByRole('link', { name: 'Acme Corp' })).getAttribute('href')).toBe(
      '/client/cl-1',
    );
    cleanup();

    stubFetch({ 'GET /bff/user': { body: employer }, [listUrl('u-employer')]: pageOf([paid]) });
    renderAt('/', <DocumentList user={employer} />);
    expect(await screen.findByText('Acme Corp')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Acme Corp' })).toBeNull();
  });

  it('renders renderEmpty() instead of the list when the user has no documents', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, [listUrl('u-broker')]: pageOf([], 0) });
    renderAt('/', <DocumentList user={broker} renderEmpty={() => <p>Overview instead</p>} />);
    expect(await screen.findByText('Overview instead')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My POP Documents' })).toBeNull();
  });

  it('searches by company name after typing pauses, keeping the list when nothing matches', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      [listUrl('u-broker')]: pageOf([paid, noReceipt]),
      [listUrl('u-broker', 'zzz')]: pageOf([], 0),
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

  it('asks before sending a document to self, then sends it and says so', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      [listUrl('u-broker')]: pageOf([paid]),
      'POST /api/epop-document/doc-1/email/send-self': { body: { success: true } },
    });
    renderAt('/', <DocumentList user={broker} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('button', { name: 'Send to Self' });
    expect(screen.getByRole('link', { name: 'Edit or View' }).getAttribute('href')).toBe('/document/doc-1');
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/document/doc-1/renew');
    expect(screen.getByRole('link', { name: 'Non-discrimination Testing' }).getAttribute('href')).toBe(
      '/document/doc-1/ndt',
    );
    fireEvent.click(menu);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(MESSAGES.documentSending)).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        '/api/epop-document/doc-1/email/send-self',
      ]),
    );
  });
});
