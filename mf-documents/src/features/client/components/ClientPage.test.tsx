import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { patterns, type ClientDetails, type ClientDocument, type CompanyUser } from 'shared-ui';
import { broker, employer, renderAt, stubFetch } from 'shared-ui/testing';
import { ClientPage } from './ClientPage.js';

const client: ClientDetails = {
  clientId: 'cl-1',
  brokerId: 'u-broker',
  broker: 'Bo Broker',
  brokerEmail: 'bo@example.com',
  legalEntityType: 'LLC',
  stateOfLegalConstruction: 'DE',
  strategicPartnerId: null,
  strategicPartner: '',
  strategicPartnerAccountId: '',
  erisaAccount: false,
  companyDetail: {
    name: 'Harbor View Dental LLC',
    addressLine1: '12 Pier Road',
    addressLine2: 'Suite 4',
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
const documents: ClientDocument[] = [
  {
    documentId: 'doc-2',
    orderId: null,
    orderNumber: '',
    showUserReceipt: false,
    createdBy: '',
    name: 'POP Document',
    currentPlanYearStartDate: '2026-07-01',
    currentPlanYearEndDate: '2027-06-30',
    status: 'Paid',
    createdDate: '2026-03-03T12:00:00.000Z',
    isReadOnly: false,
    deactivated: false,
    readyForRenewal: false,
  },
];
const pat: CompanyUser = {
  userId: 'u-pat',
  userName: 'pat.lee',
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@harbor.test',
};
const eli = {
  userId: 'u-eli',
  username: 'demo.employer',
  firstName: 'Eli',
  lastName: 'Employer',
  email: 'demo.employer@example.com',
  role: 'employer',
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={patterns.client} element={<ClientPage />} />
  </Routes>
);

describe('the client details page', () => {
  it('shows the details, the documents (linked) and the company users', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': { body: client },
      'GET /client/{clientId}/document': { body: documents },
      'GET /company/{companyId}/user': { body: [pat] },
    });
    renderAt('/client/cl-1', page());

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor View Dental LLC' })).toBeTruthy();
    expect(document.title).toBe('Harbor View Dental LLC - POP Documents');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(calls.find((call) => call.url === '/api/client/cl-1')).toBeDefined();
    const details = screen.getByLabelText('Client details');
    for (const text of [
      '12 Pier Road',
      'Suite 4',
      'Portland, ME 04101',
      '(207) 555-0100',
      '12-3456789',
      'LLC',
      'Delaware',
    ]) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    const link = await screen.findByRole('link', { name: 'POP Document' });
    expect(link.getAttribute('href')).toBe('/document/doc-2');
    expect(screen.getByText('07/01/2026 - 06/30/2027')).toBeTruthy();
    expect(await screen.findByText('Pat Lee')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
  });

  it('adds a user chosen in the search, and removes one after the confirmation, each with its toast', async () => {
    let users = [pat];
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': { body: client },
      'GET /client/{clientId}/document': { body: [] },
      'GET /company/{companyId}/user': () => ({ body: users }),
      'GET /user': { body: [eli] },
      'POST /company/{companyId}/user/{userId}': () => {
        const added = {
          userId: eli.userId,
          userName: eli.username,
          firstName: 'Eli',
          lastName: 'Employer',
          email: eli.email,
        };
        users = [...users, added];
        return { body: added };
      },
      'DELETE /company/{companyId}/user/{userId}': (call) => {
        users = users.filter((user) => user.userId !== call.params.userId);
        return { status: 204 };
      },
    });
    renderAt('/client/cl-1', page());
    expect(await screen.findByText('No documents found.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    fireEvent.change(await screen.findByLabelText('Search text'), { target: { value: 'demo.employer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select Eli Employer' }));
    expect(await screen.findByText('demo.employer has been added to this company')).toBeTruthy();
    expect(await screen.findByText('Eli Employer')).toBeTruthy();
    const search = calls.find((call) => call.url.startsWith('/api/user?'));
    expect(search?.url).toBe('/api/user?username=demo.employer');
    const post = calls.find((call) => call.method === 'POST');
    expect([post?.url, post?.body]).toEqual(['/api/company/cl-1/user/u-eli', {}]);

    const row = screen.getByText('Eli Employer').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove Access' }));
    expect(await screen.findByText('Remove demo.employer?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User has been removed from this company')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/company/cl-1/user/u-eli');
    await screen.findByText('Pat Lee');
    await waitFor(() => expect(screen.queryByText('Eli Employer')).toBeNull());
  });

  it('asks before removing, and a No changes nothing', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': { body: client },
      'GET /client/{clientId}/document': { body: [] },
      'GET /company/{companyId}/user': { body: [pat] },
    });
    renderAt('/client/cl-1', page());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Access' }));
    expect(await screen.findByText('Remove pat.lee?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('says "No users found" when the company has none', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': { body: client },
      'GET /client/{clientId}/document': { body: [] },
      'GET /company/{companyId}/user': { body: [] },
    });
    renderAt('/client/cl-1', page());
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('shows a linked employer the users without Add User or Remove Access', async () => {
    stubFetch({
      'GET /bff/user': { body: employer },
      'GET /client/{clientId}': { body: client },
      'GET /client/{clientId}/document': { body: documents },
      'GET /company/{companyId}/user': { body: [pat] },
    });
    renderAt('/client/cl-1', page());
    expect(await screen.findByText('Pat Lee')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Access' })).toBeNull();
  });

  it('says clearly that a foreign or unknown client is not found, without an error toast', async () => {
    const notFound = { status: 404, body: { message: 'Client not found' } };
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': notFound,
      'GET /client/{clientId}/document': notFound,
      'GET /company/{companyId}/user': { status: 404, body: { message: 'Company not found' } },
    });
    renderAt('/client/someone-elses', page());
    expect(await screen.findByRole('heading', { level: 1, name: 'Client not found' })).toBeTruthy();
    expect(document.title).toBe('Client not found - POP Documents');
    expect(screen.getByText('This client does not exist, or it is not one of your clients.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // No toast says it again (a toast would show the API's message).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Client not found')).toHaveLength(1);
    expect(screen.queryByText('Company not found')).toBeNull();
  });

  it('opens the error window for a server error, and says the client could not be loaded', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': { status: 500, body: { errorText: 'Database down' } },
      'GET /client/{clientId}/document': { body: [] },
      'GET /company/{companyId}/user': { body: [] },
    });
    renderAt('/client/cl-1', page());
    expect(await screen.findByText('The client could not be loaded.')).toBeTruthy();
    // Not the not-found page: a danger alert under the page's own heading.
    expect(screen.getByText('The client could not be loaded.').closest('.alert-danger')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Client Details' })).toBeTruthy();
    expect(await screen.findByText('It appears something is amiss!')).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
  });
});
