import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DocumentListRow, type SessionUser } from 'shared-ui';
import { broker, compliance, employer, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import { PAID_DOCUMENT } from '../../../components/test-fixtures.js';
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
  showUserReceipt: false,
  status: 'Paid',
  isReadOnly: false,
  deactivated: false,
  readyForRenewal: false,
};

afterEach(cleanup);

/** Opens the row's Actions menu; `entries()` is what it offers, links and buttons alike. */
async function openMenu(user: SessionUser, row: DocumentListRow, answers: StubAnswers = {}) {
  const stub = stubFetch({
    'GET /bff/user': { body: user },
    'GET /epop-document/{id}': { body: { data: [row], pages: 1 } },
    ...answers,
  });
  renderAt('/', <DocumentList user={user} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  const menu = (await screen.findByRole('link', { name: /^(Edit|View)$/ })).closest('.dropdown-menu')!;
  const entries = () => Array.from(menu.querySelectorAll('.dropdown-item')).map((entry) => entry.textContent);
  return { stub, entries };
}

const listReads = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/epop-document/u-')).length;

describe('DocumentActions', () => {
  it('offers testing and sending for a Paid document, nothing of compliance to others', async () => {
    for (const user of [broker, employer]) {
      const { entries } = await openMenu(user, paid);
      expect(entries()).toEqual(['Edit', 'Non-discrimination Testing', 'Send to Self', 'Send to All']);
      cleanup();
    }
  });

  it('does not test a read-only document, and neither tests nor sends an unpaid one', async () => {
    const readOnly = await openMenu(broker, { ...paid, isReadOnly: true });
    expect(readOnly.entries()).toEqual(['View', 'Send to Self', 'Send to All']);
    cleanup();
    for (const status of ['Unpaid', 'Processing', 'Inactive'] as const) {
      const { entries } = await openMenu(broker, { ...paid, status, isReadOnly: status !== 'Unpaid' });
      expect(entries()).toEqual([status === 'Unpaid' ? 'Edit' : 'View']);
      cleanup();
    }
  });

  it('gives compliance Deactivate for a Paid document, Reactivate for a deactivated one', async () => {
    const active = await openMenu(compliance, paid);
    expect(active.entries()).toEqual([
      'Edit',
      'Non-discrimination Testing',
      'Send to Self',
      'Send to All',
      'Admin Options',
      'Deactivate',
    ]);
    cleanup();
    for (const status of ['Inactive', 'Unpaid'] as const) {
      const { entries } = await openMenu(compliance, {
        ...paid,
        status,
        deactivated: true,
        isReadOnly: status === 'Inactive',
      });
      expect(entries()).toEqual([status === 'Inactive' ? 'View' : 'Edit', 'Admin Options', 'Reactivate']);
      cleanup();
    }
    // Unpaid without a deactivation (waiting for its purchase): nothing to reactivate.
    const unpaid = await openMenu(compliance, { ...paid, status: 'Unpaid' });
    expect(unpaid.entries()).toEqual(['Edit', 'Admin Options']);
  });

  it("Send to All asks 'Are you sure?', posts, then says the document is on its way", async () => {
    const { stub } = await openMenu(broker, paid, {
      'POST /epop-document/{documentId}/email/send-all': {
        body: { message: 'Document is sending and should arrive in your email shortly', recipients: 6 },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('Document is sending and should arrive in your email shortly'),
    ).toBeTruthy();
    const posts = stub.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([
      ['/api/epop-document/doc-1/email/send-all', {}],
    ]);
  });

  it('Send to Self sends nothing when the answer is No', async () => {
    const { stub } = await openMenu(broker, paid);
    fireEvent.click(screen.getByRole('button', { name: 'Send to Self' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('Send to Self posts to send-self', async () => {
    const { stub } = await openMenu(broker, paid, {
      'POST /epop-document/{documentId}/email/send-self': {
        body: { message: 'Document is sending and should arrive in your email shortly', recipients: 1 },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to Self' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Document is sending and should arrive in your email shortly');
    expect(stub.calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/epop-document/doc-1/email/send-self',
    );
  });

  it('Deactivate posts the reason, toasts and reads the list again', async () => {
    const { stub } = await openMenu(compliance, paid, {
      'GET /epop-document/{id}': ({ params }) =>
        params.id === 'doc-1' ? { body: PAID_DOCUMENT } : { body: { data: [paid], pages: 1 } },
      'POST /epop-document/{documentId}/deactivate': {
        body: { documentId: 'doc-1', status: 'Inactive', message: 'Document has been deactivated' },
      },
    });
    const before = listReads(stub.calls);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Document' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate order' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document has been deactivated')).toBeTruthy();
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Duplicate order',
      allowRepayment: false,
    });
    await waitFor(() => expect(listReads(stub.calls)).toBeGreaterThan(before));
  });

  it("Reactivate asks 'Do you wish to reactivate this document?', posts and reads the list again", async () => {
    const { stub } = await openMenu(
      compliance,
      { ...paid, status: 'Inactive', deactivated: true, isReadOnly: true },
      {
        'POST /epop-document/{documentId}/reactivate': {
          body: { documentId: 'doc-1', status: 'Paid', message: 'Document has been reactivated' },
        },
      },
    );
    const before = listReads(stub.calls);
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do you wish to reactivate this document?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Document has been reactivated')).toBeTruthy();
    expect(stub.calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/epop-document/doc-1/reactivate',
    );
    await waitFor(() => expect(listReads(stub.calls)).toBeGreaterThan(before));
  });
});
