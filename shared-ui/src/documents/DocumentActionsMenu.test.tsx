import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser } from '../api/bff.js';
import { useClientDocuments } from '../api/reads.js';
import { useApi } from '../api/client.js';
import {
  broker,
  compliance,
  employer,
  PAID_DOCUMENT,
  PAID_ROW as paid,
  renderAt,
  type StubAnswers,
  stubFetch,
} from '../testing/index.js';
import type { DocumentActionsInput } from './document-actions.js';
import { DocumentActionsMenu } from './DocumentActionsMenu.js';

afterEach(cleanup);

/** What a screen around the menu reads: a client's documents and the orders (re-read after a change). */
function Screen({ user, row }: { user: SessionUser; row: DocumentActionsInput }) {
  useClientDocuments('cl-1');
  useApi('/order', { query: { page: 1 } });
  return <DocumentActionsMenu user={user} document={row} />;
}

/** Opens the menu; `entries()` is what it offers, links and buttons alike, `href(name)` a link's target. */
async function openMenu(user: SessionUser, row: DocumentActionsInput, answers: StubAnswers = {}) {
  const stub = stubFetch({
    'GET /bff/user': { body: user },
    'GET /client/{clientId}/document': { body: [] },
    'GET /order': { body: { data: [], pages: 0 } },
    ...answers,
  });
  renderAt('/', <Screen user={user} row={row} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  const menu = (await screen.findByRole('link', { name: /^(Edit|View)$/ })).closest('.dropdown-menu')!;
  const entries = () => Array.from(menu.querySelectorAll('.dropdown-item')).map((entry) => entry.textContent);
  const href = (name: string) =>
    within(menu as HTMLElement)
      .getByRole('link', { name })
      .getAttribute('href');
  return { stub, entries, href };
}

const SCREEN_READS = ['/api/client/cl-1/document', '/api/order?page=1'];

/** Which of the screen's reads were made after the first `since` calls. */
const readsSince = (calls: { method: string; url: string }[], since: number) =>
  [...new Set(calls.slice(since).flatMap((call) => (call.method === 'GET' ? [call.url] : [])))]
    .filter((url) => SCREEN_READS.includes(url))
    .sort();

describe('DocumentActionsMenu', () => {
  it('offers testing and sending for a Paid document, nothing of compliance to others', async () => {
    for (const user of [broker, employer]) {
      const { entries, href } = await openMenu(user, paid);
      expect(entries()).toEqual(['Edit', 'Non-discrimination Testing', 'Send to Self', 'Send to All']);
      expect(href('Edit')).toBe('/document/doc-1');
      expect(href('Non-discrimination Testing')).toBe('/document/doc-1/ndt');
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

  it('offers Renew when the document is ready for renewal, and its receipt when it has one', async () => {
    const { entries, href } = await openMenu(broker, {
      ...paid,
      readyForRenewal: true,
      showUserReceipt: true,
    });
    expect(entries()).toEqual([
      'Edit',
      'Renew',
      'Non-discrimination Testing',
      'Send to Self',
      'Send to All',
      'View Receipt',
    ]);
    expect(href('Renew')).toBe('/document/doc-1/renew');
    expect(href('View Receipt')).toBe('/orders/ord-1/receipt');
  });

  it('gives compliance the admin variants: Admin Options, Admin Renewal, No Purchase when ready, Deactivate', async () => {
    const ready = await openMenu(compliance, { ...paid, readyForRenewal: true, showUserReceipt: true });
    expect(ready.entries()).toEqual([
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
    expect(ready.href('Admin Options')).toBe('/document/doc-1/admin');
    expect(ready.href('Admin Renewal, No Purchase')).toBe('/document/doc-1/admin/renew');
    cleanup();

    const active = await openMenu(compliance, paid);
    expect(active.entries()).toEqual([
      'Edit',
      'Non-discrimination Testing',
      'Send to Self',
      'Send to All',
      'Admin Options',
      'Deactivate',
    ]);
  });

  it('gives compliance Reactivate for a deactivated document, and nothing to (de)activate otherwise', async () => {
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
    // Unpaid without a deactivation (waiting for its purchase), or Processing: nothing to (re)activate.
    const unpaid = await openMenu(compliance, { ...paid, status: 'Unpaid' });
    expect(unpaid.entries()).toEqual(['Edit', 'Admin Options']);
    cleanup();
    const processing = await openMenu(compliance, { ...paid, status: 'Processing', isReadOnly: true });
    expect(processing.entries()).toEqual(['View', 'Admin Options']);
  });

  it("Send to All asks 'Are you sure?', posts, then says the document is on its way", async () => {
    const { stub } = await openMenu(compliance, paid, {
      'POST /epop-document/{documentId}/email/send-all': {
        body: { message: 'Document is sending and should arrive in your email shortly', recipients: 6 },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
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
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
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
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText('Document is sending and should arrive in your email shortly');
    expect(stub.calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/epop-document/doc-1/email/send-self',
    );
  });

  it("Deactivate posts the reason, toasts and re-reads the screen's documents and orders", async () => {
    const { stub } = await openMenu(compliance, paid, {
      'GET /epop-document/{id}': { body: PAID_DOCUMENT },
      'POST /epop-document/{documentId}/deactivate': {
        body: { documentId: 'doc-1', status: 'Inactive', message: 'Document has been deactivated' },
      },
    });
    await waitFor(() => expect(readsSince(stub.calls, 0)).toEqual(SCREEN_READS));
    const before = stub.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Document' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate order' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document has been deactivated')).toBeTruthy();
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Duplicate order',
      allowRepayment: false,
    });
    await waitFor(() => expect(readsSince(stub.calls, before)).toEqual(SCREEN_READS));
  });

  it("Reactivate asks 'Do you wish to reactivate this document?', posts and re-reads", async () => {
    const { stub } = await openMenu(
      compliance,
      { ...paid, status: 'Inactive', deactivated: true, isReadOnly: true },
      {
        'POST /epop-document/{documentId}/reactivate': {
          body: { documentId: 'doc-1', status: 'Paid', message: 'Document has been reactivated' },
        },
      },
    );
    await waitFor(() => expect(readsSince(stub.calls, 0)).toEqual(SCREEN_READS));
    const before = stub.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do you wish to reactivate this document?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Document has been reactivated')).toBeTruthy();
    expect(stub.calls.find((call) => call.method === 'POST')?.url).toBe(
      '/api/epop-document/doc-1/reactivate',
    );
    await waitFor(() => expect(readsSince(stub.calls, before)).toEqual(SCREEN_READS));
  });
});
