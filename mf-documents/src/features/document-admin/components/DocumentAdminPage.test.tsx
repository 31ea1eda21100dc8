import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { below, patterns, type StrategicPartnerOption, type SessionUser } from 'shared-ui';
import {
  broker,
  COLONIAL_DOCUMENT,
  compliance,
  PAID_DOCUMENT,
  renderAt,
  type StubAnswers,
  stubFetch,
} from 'shared-ui/testing';
import { DocumentAdminPage } from './DocumentAdminPage.js';

afterEach(cleanup);

const PARTNERS = [
  { companyId: 'sp-colonial', name: 'Colonial Life' },
  { companyId: 'sp-summit', name: 'Summit Benefits Partners' },
  // The dropdown reads companyId and name of the partner list's rows.
] as StrategicPartnerOption[];

const NDT_RESULT = {
  documentId: 'doc-1',
  planYearStart: '2027-01-01',
  planYearEnd: '2027-12-31',
  safeHarbor: false,
  input: {},
  results: [],
};

/** The admin page of `document` for `user`, at /document/{id}/admin, with a client page to land on. */
function renderPage(user: SessionUser, answers: StubAnswers & object = {}, document = PAID_DOCUMENT) {
  const stub = stubFetch({
    'GET /bff/user': { body: user },
    'GET /epop-document/{id}': { body: document },
    'GET /epop-document/{documentId}/admin/non-discrimination-results': { body: [] },
    'GET /epop-document/{documentId}/archive': { body: [] },
    'GET /strategic-partner': { body: PARTNERS },
    ...answers,
  });
  renderAt(
    `/document/${document.documentId}/admin`,
    <Routes>
      <Route
        path={patterns.documentPages}
        element={
          <Routes>
            <Route
              path={below(patterns.documentPages, patterns.documentAdmin)}
              element={<DocumentAdminPage />}
            />
          </Routes>
        }
      />
      <Route path={patterns.client} element={<h1>Client page</h1>} />
    </Routes>,
  );
  return stub;
}

const posts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);

describe('DocumentAdminPage', () => {
  it('is for compliance only: others get a clear message and no call', async () => {
    const { calls } = renderPage(broker);
    expect(await screen.findByText('The admin options are for compliance only.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Options' })).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/'))).toEqual([]);
  });

  it('shows the client link, the empty tables, the notes and the partner settings', async () => {
    renderPage(compliance);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Options' })).toBeTruthy();
    expect(document.title).toBe('Admin Options - POP Documents');
    // The specs' document breadcrumb (Home, the document, Download, Admin Options), this page last.
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Acme Landscaping Inc', '/document/doc-1'],
      ['Download', '/document/doc-1/download'],
      ['Admin Options', '/document/doc-1/admin'],
    ]);
    expect(within(trail).getByRole('link', { name: 'Admin Options' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'View Client Profile' }).getAttribute('href')).toBe(
      '/client/cl-1',
    );
    expect(await screen.findByText('No non-discriminiation tests results found')).toBeTruthy();
    expect(await screen.findByText('No documents have been generated yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Strategic Partner Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
    // Not a Colonial document: no no-pay reason.
    expect(screen.queryByLabelText('No Pay Reason')).toBeNull();
  });

  it('lists the last tests with Pass in green, Fail in red and a link to each result', async () => {
    renderPage(compliance, {
      'GET /epop-document/{documentId}/admin/non-discrimination-results': {
        body: [
          {
            ...NDT_RESULT,
            id: 'r-2',
            takenBy: 'demo.broker',
            createdOn: '2027-03-02T15:00:00.000Z',
            pass: false,
            ndtResult: 'Fail',
          },
          {
            ...NDT_RESULT,
            id: 'r-1',
            takenBy: 'demo.compliance',
            createdOn: '2027-02-01T15:00:00.000Z',
            pass: true,
            ndtResult: 'Pass',
          },
        ],
      },
    });
    const table = (await screen.findByText('Taken By')).closest('table')!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'demo.broker',
      'demo.compliance',
    ]);
    expect(within(rows[0]!).getByText('Fail').className).toContain('text-danger');
    expect(within(rows[1]!).getByText('Pass').className).toContain('text-success');
    expect(within(rows[0]!).getByText(/^03\/02\/2027/)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Show Results' }).getAttribute('href')).toBe(
      '/document/doc-1/ndt?result=r-2',
    );
  });

  it('lists the generated files with their dates', async () => {
    renderPage(compliance, {
      'GET /epop-document/{documentId}/archive': {
        body: [
          {
            archiveId: 'a-2',
            name: 'Acme Landscaping Inc - POP Documents.zip',
            contentType: 'application/zip',
            generatedOn: '2027-01-05T16:00:00.000Z',
          },
          {
            archiveId: 'a-1',
            name: 'Acme Landscaping Inc - Plan Document.pdf',
            contentType: 'application/pdf',
            generatedOn: '2027-01-04T16:00:00.000Z',
          },
        ],
      },
    });
    const first = await screen.findByRole('button', { name: 'Acme Landscaping Inc - POP Documents.zip' });
    const table = first.closest('table')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Generated On']);
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Acme Landscaping Inc - POP Documents.zip', 'Acme Landscaping Inc - Plan Document.pdf']);
    expect(within(table).getByText(/^01\/05\/2027/)).toBeTruthy();
  });

  describe('notes', () => {
    it('Create Note opens the editor, Cancel goes back to reading without saving', async () => {
      const { calls } = renderPage(compliance);
      fireEvent.click(await screen.findByRole('button', { name: 'Create Note' }));
      fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Not kept' } });
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByLabelText('Note')).toBeNull();
      expect(screen.getByRole('button', { name: 'Create Note' })).toBeTruthy();
      expect(screen.queryByText('Not kept')).toBeNull();
      expect(posts(calls)).toEqual([]);
    });

    it('Save posts the note and shows it in read mode, now with Edit Note', async () => {
      const { calls } = renderPage(compliance, {
        'POST /epop-document/{documentId}/note': ({ body }) => ({
          body: { documentId: 'doc-1', notes: (body as { notes: string }).notes },
        }),
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Create Note' }));
      fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Called the employer on 1/5.' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('button', { name: 'Edit Note' })).toBeTruthy();
      expect(screen.queryByLabelText('Note')).toBeNull();
      expect(screen.getByText('Called the employer on 1/5.').tagName).toBe('P');
      expect(posts(calls)).toEqual([
        ['/api/epop-document/doc-1/note', { notes: 'Called the employer on 1/5.' }],
      ]);
      // Editing starts from the saved note.
      fireEvent.click(screen.getByRole('button', { name: 'Edit Note' }));
      expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(
        'Called the employer on 1/5.',
      );
    });

    it('an existing note is read first, with Edit Note', async () => {
      renderPage(compliance, {}, { ...PAID_DOCUMENT, notes: 'Renewal promised for March' });
      expect(await screen.findByText('Renewal promised for March')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Edit Note' })).toBeTruthy();
    });
  });

  describe('strategic partner settings', () => {
    it("shows a Colonial document's fields under the partner's labels; clearing the partner clears them", async () => {
      const { calls } = renderPage(
        compliance,
        {
          'POST /epop-document/{id}': { body: { ...PAID_DOCUMENT, documentId: 'doc-col' } },
        },
        COLONIAL_DOCUMENT,
      );
      const partner = (await screen.findByLabelText('Strategic Partner')) as HTMLSelectElement;
      await waitFor(() => expect(partner.disabled).toBe(false));
      expect(partner.value).toBe('sp-colonial');
      expect((screen.getByLabelText('Colonial Account Number') as HTMLInputElement).value).toBe('E480111');
      expect((screen.getByLabelText('Account Suffix') as HTMLInputElement).value).toBe('001');
      expect((screen.getByLabelText('Group ID') as HTMLInputElement).value).toBe('G-55');
      expect((screen.getByLabelText('Agent ID') as HTMLInputElement).value).toBe('AG7139');

      fireEvent.change(partner, { target: { value: '' } });
      for (const label of ['Colonial Account Number', 'Account Suffix', 'Group ID', 'Agent ID']) {
        expect(screen.queryByLabelText(label)).toBeNull();
      }
      fireEvent.click(screen.getByRole('button', { name: 'Save Strategic Partner Settings' }));
      expect(await screen.findByText('Document has been updated')).toBeTruthy();
      // Cleared means cleared on the server too; without Update Client Level, the client is left alone.
      expect(posts(calls)).toEqual([
        [
          '/api/epop-document/doc-col',
          {
            strategicPartnerId: null,
            accountId: '',
            accountIdSuffix: '',
            agentNumber: '',
            groupId: '',
            shortPlanYear: false,
          },
        ],
      ]);
    });

    it("choosing a partner loads its settings; Update Client Level also sets the client's partner", async () => {
      const { calls } = renderPage(compliance, {
        'GET /epop-document/{documentId}/partner/{partnerId}': ({ params }) => ({
          body: {
            strategicPartnerId: params.partnerId!,
            name: 'Colonial Life',
            accountId: 'E480999',
            accountIdSuffix: '',
            customIdentifiers: {
              'account-id': { label: 'Colonial Account Number', helpText: 'The account number on the bill' },
            },
            colonial: {
              agentId: '',
              groupId: '',
              noPayOptions: [],
              defaultNoPay: 'None - Document is to be paid for',
            },
          },
        }),
        'POST /epop-document/{id}': { body: COLONIAL_DOCUMENT },
        'POST /client/{clientId}/partner': {
          body: { clientId: 'cl-1', strategicPartnerId: 'sp-colonial', accountId: 'E480999' },
        },
      });
      const partner = (await screen.findByLabelText('Strategic Partner')) as HTMLSelectElement;
      await waitFor(() => expect(partner.disabled).toBe(false));
      expect(partner.value).toBe('');
      expect(screen.queryByLabelText('Agent ID')).toBeNull();

      fireEvent.change(partner, { target: { value: 'sp-colonial' } });
      const account = (await screen.findByLabelText('Colonial Account Number')) as HTMLInputElement;
      expect(account.value).toBe('E480999');
      expect(screen.getByText('The account number on the bill')).toBeTruthy();
      // Colonial has no suffix label: the field keeps its plain name.
      expect(screen.getByLabelText('Account ID Suffix')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Agent ID'), { target: { value: 'AG1' } });
      fireEvent.change(screen.getByLabelText('Group ID'), { target: { value: 'G1' } });
      fireEvent.click(screen.getByLabelText('Short Plan Year'));
      fireEvent.click(screen.getByLabelText('Update Client Level'));
      fireEvent.click(screen.getByRole('button', { name: 'Save Strategic Partner Settings' }));

      expect(await screen.findByText('Document has been updated')).toBeTruthy();
      expect(posts(calls)).toEqual([
        [
          '/api/epop-document/doc-1',
          {
            strategicPartnerId: 'sp-colonial',
            accountId: 'E480999',
            accountIdSuffix: '',
            agentNumber: 'AG1',
            groupId: 'G1',
            shortPlanYear: true,
          },
        ],
        [
          '/api/client/cl-1/partner',
          { clientId: 'cl-1', accountId: 'E480999', strategicPartnerId: 'sp-colonial' },
        ],
      ]);
      expect(calls.some((call) => call.url === '/api/epop-document/doc-1/partner/sp-colonial')).toBe(true);
    });
  });

  describe('Colonial no-pay reason', () => {
    it('starts at the default; cancelling the confirmation resets it and posts nothing', async () => {
      const { calls } = renderPage(compliance, {}, COLONIAL_DOCUMENT);
      const reason = (await screen.findByLabelText('No Pay Reason')) as HTMLSelectElement;
      expect(reason.value).toBe('');
      expect(Array.from(reason.options).map((option) => option.text)).toEqual([
        'None - Document is to be paid for',
        'N1 - Colonial coverage cancelled: client to purchase',
        'N2 - Paid by Colonial: no charge to the client',
      ]);
      fireEvent.change(reason, { target: { value: 'N1' } });
      const confirm = await screen.findByRole('dialog');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(reason.value).toBe(''));
      expect(posts(calls)).toEqual([]);
    });

    it("confirming posts the reason, says it has been processed and opens the client's page", async () => {
      const { calls } = renderPage(
        compliance,
        {
          'POST /colonial/no-pay/{reasonCode}/{documentId}': {
            body: {
              message: 'No Pay Reason has been processed',
              documentId: 'doc-col',
              clientId: 'cl-1',
              reasonCode: 'N1',
            },
          },
        },
        COLONIAL_DOCUMENT,
      );
      fireEvent.change(await screen.findByLabelText('No Pay Reason'), { target: { value: 'N1' } });
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Process' }));
      expect(await screen.findByText('No Pay Reason has been processed')).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Client page' })).toBeTruthy();
      expect(posts(calls)).toEqual([['/api/colonial/no-pay/N1/doc-col', {}]]);
    });

    it('is not offered once the document is inactive', async () => {
      renderPage(compliance, {}, { ...COLONIAL_DOCUMENT, status: 'Inactive', deactivated: true });
      fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
      expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeTruthy();
      expect(screen.queryByLabelText('No Pay Reason')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    });
  });

  it('Reactivate asks, posts, then reads the document again', async () => {
    let reactivated = false;
    const { calls } = renderPage(compliance, {
      'GET /epop-document/{id}': () => ({
        body: reactivated ? PAID_DOCUMENT : { ...PAID_DOCUMENT, status: 'Inactive', deactivated: true },
      }),
      'POST /epop-document/{documentId}/reactivate': () => {
        reactivated = true;
        return { body: { documentId: 'doc-1', status: 'Paid', message: 'Document has been reactivated' } };
      },
    });
    expect(await screen.findByText('Inactive (deactivated)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do you wish to reactivate this document?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Document has been reactivated')).toBeTruthy();
    expect(await screen.findByText('Paid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/epop-document/doc-1/reactivate', {}]]);
  });

  it("offers compliance the document's actions: Admin Renewal, No Purchase when it is ready, sending, testing", async () => {
    renderPage(compliance, {}, { ...PAID_DOCUMENT, readyForRenewal: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    const renewal = await screen.findByRole('link', { name: 'Admin Renewal, No Purchase' });
    expect(renewal.getAttribute('href')).toBe('/document/doc-1/admin/renew');
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/document/doc-1/renew');
    expect(screen.getByRole('link', { name: 'Non-discrimination Testing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to Self' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to All' })).toBeTruthy();
    // Its order's receipt (hasReceipt).
    expect(screen.getByRole('link', { name: 'View Receipt' }).getAttribute('href')).toBe(
      '/orders/ord-1/receipt',
    );
  });
});
