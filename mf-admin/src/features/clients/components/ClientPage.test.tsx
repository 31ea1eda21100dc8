import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { patterns, type ClientDetails, type ClientDocument } from 'shared-ui';
import { compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import type { ChangeLogEntry } from '../api/get-change-log.js';
import { ClientPage } from './ClientPage.js';

const harbor: ClientDetails = {
  clientId: 'cl-1',
  brokerId: 'u-broker',
  broker: 'Bo Broker',
  brokerEmail: 'bo@example.com',
  legalEntityType: 'LLC',
  stateOfLegalConstruction: 'DE',
  strategicPartnerId: 'sp-1',
  strategicPartner: 'Colonial Life',
  strategicPartnerAccountId: 'HV-100',
  erisaAccount: false,
  companyDetail: {
    name: 'Harbor View Dental LLC',
    addressLine1: '12 Pier Road',
    addressLine2: '',
    city: 'Portland',
    state: 'ME',
    zipCode: '04101',
    phone: '(207) 555-0100',
    federalTaxId: '12-3456789',
    legalEntityType: 'LLC',
    stateOfLegalConstruction: 'DE',
    notes: '',
  },
};
const document = (overrides: Partial<ClientDocument>): ClientDocument => ({
  documentId: 'doc-1',
  orderId: null,
  orderNumber: '',
  showUserReceipt: false,
  name: 'POP Document',
  currentPlanYearStartDate: '2027-01-01',
  currentPlanYearEndDate: '2027-12-31',
  status: 'Paid',
  createdDate: '2026-03-05T19:07:00.000Z',
  createdBy: 'demo.broker',
  isReadOnly: false,
  deactivated: false,
  readyForRenewal: false,
  ...overrides,
});
const documents = [
  document({
    documentId: 'doc-paid',
    orderId: 'o-1',
    orderNumber: '100234',
    showUserReceipt: true,
    readyForRenewal: true,
  }),
  document({ documentId: 'doc-unpaid', status: 'Unpaid', createdBy: '' }),
  document({
    documentId: 'doc-inactive',
    status: 'Inactive',
    orderId: 'o-2',
    orderNumber: '100240',
    isReadOnly: true,
    deactivated: true,
  }),
  document({ documentId: 'doc-processing', status: 'Processing', isReadOnly: true }),
];
const created: ChangeLogEntry = {
  id: 'ch-1',
  changeDate: '2026-03-05T19:07:00.000Z',
  user: 'demo.broker',
  description: 'POP Document (plan year 01/01/2027 - 12/31/2027) created and paid: order 100234',
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={patterns.adminClient} element={<ClientPage />} />
    <Route path={patterns.adminClients} element={<h1>All clients</h1>} />
    <Route path={patterns.documentAdminRenew} element={<h1>Admin renewal</h1>} />
  </Routes>
);

/** Opens the Actions menu of a document's row; `entries()` is what it offers. */
async function openActions(documentId: string) {
  const table = await screen.findByRole('table', { name: 'Documents' });
  const row = within(table).getByRole('link', { name: documentId }).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: 'Actions' }));
  const menu = (await within(row).findByRole('link', { name: /^(Edit|View)$/ })).closest('.dropdown-menu')!;
  return {
    menu: menu as HTMLElement,
    entries: () => Array.from(menu.querySelectorAll('.dropdown-item')).map((entry) => entry.textContent),
  };
}

/** The page's calls; the client and its log change as the POST and the DELETE say. */
function stubClient(extra: StubAnswers = {}) {
  let client = harbor;
  let log = [created];
  const stub = stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /client/{clientId}': () => ({ body: client }),
    'GET /client/{clientId}/change-log': () => ({ body: log }),
    'GET /client/{clientId}/document': { body: documents },
    'GET /company/{companyId}/user': { body: [] },
    'POST /client/{clientId}': (call) => {
      const body = call.body as Pick<ClientDetails, 'companyDetail' | 'erisaAccount'>;
      client = {
        ...client,
        companyDetail: { ...client.companyDetail, ...body.companyDetail },
        erisaAccount: body.erisaAccount,
      };
      log = [
        { ...created, id: 'ch-2', user: 'demo.compliance', description: 'Client details updated' },
        ...log,
      ];
      return { body: client };
    },
    'DELETE /client/{clientId}/broker': () => {
      client = { ...client, brokerId: null, broker: '', brokerEmail: '' };
      log = [
        { ...created, id: 'ch-3', user: 'demo.compliance', description: 'Broker removed: Bo Broker' },
        ...log,
      ];
      return { status: 204 };
    },
    ...(extra as object),
  });
  return stub;
}

describe('/admin/client/{clientId}', () => {
  it('reads the client: details, partner (a link), account id, ERISA, broker; the change log; the documents', async () => {
    stubClient();
    renderAt('/admin/client/cl-1', page());

    expect(await screen.findByRole('heading', { name: 'Harbor View Dental LLC' })).toBeTruthy();
    const details = screen.getByLabelText('Client details');
    for (const text of [
      '12 Pier Road',
      'Portland, ME 04101',
      '(207) 555-0100',
      '12-3456789',
      'LLC',
      'Delaware',
      'HV-100',
      'Bo Broker',
      'bo@example.com',
    ]) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    expect(within(details).getByRole('link', { name: 'Colonial Life' }).getAttribute('href')).toBe(
      '/admin/strategic-partner/sp-1/details',
    );

    const log = await screen.findByRole('table', { name: 'Change Log' });
    expect(within(log).getByText('03/05/2026 2:07 PM')).toBeTruthy();
    expect(within(log).getByText(created.description)).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Document Id',
      'Order #',
      'Name',
      'Start Date',
      'End Date',
      'Created',
      'Created By',
      'Status',
      'Actions',
    ]);
    // The order number opens the receipt only when there is one to show.
    expect(within(table).getByRole('link', { name: '100234' }).getAttribute('href')).toBe(
      '/orders/o-1/receipt',
    );
    expect(within(table).queryByRole('link', { name: '100240' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'doc-paid' }).getAttribute('href')).toBe(
      '/document/doc-paid/admin',
    );
    // Unpaid, Inactive and Processing each have a colour of their own.
    const colours = ['Paid', 'Unpaid', 'Inactive', 'Processing'].map(
      (status) => within(table).getByText(status).className,
    );
    expect(new Set(colours).size).toBe(4);
  });

  it('edits: Save sends the client object, reloads it with its log and returns to read mode', async () => {
    const { calls } = stubClient();
    renderAt('/admin/client/cl-1', page());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));

    const form = await screen.findByRole('form', { name: 'Edit client' });
    const phone = within(form).getByLabelText('Phone') as HTMLInputElement;
    expect(phone.value).toBe('(207) 555-0100');
    fireEvent.input(phone, { target: { value: '2075550199' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Harbor View Dental LLC has been updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit client' })).toBeNull());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      companyDetail: {
        name: 'Harbor View Dental LLC',
        phone: '(207) 555-0199',
        federalTaxId: '12-3456789',
        addressLine1: '12 Pier Road',
        addressLine2: '',
        city: 'Portland',
        state: 'ME',
        zipCode: '04101',
        notes: '',
      },
      legalEntityType: 'LLC',
      stateOfLegalConstruction: 'DE',
      erisaAccount: true,
    });
    expect(await within(screen.getByLabelText('Client details')).findByText('(207) 555-0199')).toBeTruthy();
    expect(await screen.findByText('Client details updated')).toBeTruthy();
  });

  it('Cancel restores the client as loaded, and a field out of its mask is not sent', async () => {
    const { calls } = stubClient();
    renderAt('/admin/client/cl-1', page());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit client' });
    fireEvent.change(within(form).getByLabelText(/Company Name/), { target: { value: '' } });
    fireEvent.blur(within(form).getByLabelText(/Company Name/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Company name is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Harbor View Dental LLC' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText(/Company Name/) as HTMLInputElement).value).toBe('Harbor View Dental LLC');
  });

  it("removes the broker after 'Do you want to remove the broker from this client?', then reloads", async () => {
    const { calls } = stubClient();
    renderAt('/admin/client/cl-1', page());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Broker' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Do you want to remove the broker from this client?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Broker has been removed')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/client/cl-1/broker',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Broker' })).toBeNull());
    expect(await screen.findByText('Broker removed: Bo Broker')).toBeTruthy();
  });

  it('adds a company user from the panel, with its toast, and reads the change log again', async () => {
    const eli = {
      userId: 'u-eli',
      username: 'demo.employer',
      firstName: 'Eli',
      lastName: 'Employer',
      email: 'demo.employer@example.com',
      role: 'employer',
    };
    const { calls } = stubClient({
      'GET /user': { body: [eli] },
      'POST /company/{companyId}/user/{userId}': {
        body: {
          userId: eli.userId,
          userName: eli.username,
          firstName: 'Eli',
          lastName: 'Employer',
          email: eli.email,
        },
      },
    });
    renderAt('/admin/client/cl-1', page());
    const users = await screen.findByRole('region', { name: 'Company Users' });
    fireEvent.click(await within(users).findByRole('button', { name: 'Add User' }));
    fireEvent.change(await screen.findByLabelText('Search text'), { target: { value: 'demo.employer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select Eli Employer' }));
    expect(await screen.findByText('demo.employer has been added to this company')).toBeTruthy();
    const logReads = () => calls.filter((call) => call.url === '/api/client/cl-1/change-log').length;
    await waitFor(() => expect(logReads()).toBe(2));
  });

  it("gives each document compliance's actions, by its state", async () => {
    stubClient();
    renderAt('/admin/client/cl-1', page());
    const ready = await openActions('doc-paid');
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
    const inactive = await openActions('doc-inactive');
    expect(inactive.entries()).toEqual(['View', 'Admin Options', 'Reactivate']);
  });

  it('Send to All from the Actions menu asks, posts, says the document is on its way, and reads the log again', async () => {
    const { calls } = stubClient({
      'POST /epop-document/{documentId}/email/send-all': {
        body: { message: 'Document is sending and should arrive in your email shortly', recipients: 3 },
      },
    });
    renderAt('/admin/client/cl-1', page());
    const { menu } = await openActions('doc-paid');
    fireEvent.click(within(menu).getByRole('button', { name: 'Send to All' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Document is sending and should arrive in your email shortly'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/epop-document/doc-paid/email/send-all', {}],
    ]);
    // The send is in the client's change log: it is read again.
    const logReads = () => calls.filter((call) => call.url === '/api/client/cl-1/change-log').length;
    await waitFor(() => expect(logReads()).toBe(2));
  });

  it('Admin Renewal, No Purchase opens the admin renewal of a document ready for renewal', async () => {
    stubClient();
    renderAt('/admin/client/cl-1', page());
    const { menu } = await openActions('doc-paid');
    fireEvent.click(within(menu).getByRole('link', { name: 'Admin Renewal, No Purchase' }));
    expect(await screen.findByRole('heading', { name: 'Admin renewal' })).toBeTruthy();
  });

  it('a client that does not exist says so, with a way back', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance } });
    renderAt('/admin/client/cl-404', page());
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Clients' }).getAttribute('href')).toBe('/admin/clients');
  });

  it('a client that fails to load says that, not that it does not exist', async () => {
    stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /client/{clientId}': { status: 500, body: { errorText: 'Database unavailable' } },
    });
    renderAt('/admin/client/cl-1', page());
    // The page's heading over the load-failure state.
    expect(await screen.findByText('The client could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Client Details', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Client not found' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Clients' }).getAttribute('href')).toBe('/admin/clients');
  });
});
