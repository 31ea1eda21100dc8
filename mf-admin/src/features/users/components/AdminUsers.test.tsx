import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { AdminUsers, USERS_MESSAGES } from './AdminUsers.js';

afterEach(cleanup);

const PAT = {
  userId: 'u-pat',
  username: 'pat.lee',
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@acme.test',
  role: 'broker',
};
const SAM = {
  userId: 'u-sam',
  userName: 'sam.ortiz',
  firstName: 'Sam',
  lastName: 'Ortiz',
  email: 'sam@acme.test',
  role: 'broker',
};
const company = (clientId: string, name: string) => ({
  companyId: clientId,
  clientId,
  name,
  state: 'TX',
  zipCode: '78701',
  strategicPartnerAccountId: null,
});
const client = (clientId: string, name: string) => ({
  clientId,
  name,
  address: '',
  city: 'Austin',
  state: 'TX',
});

/** The API of the users screen, with its state. */
function stubUsersApi() {
  let linked: (typeof SAM)[] = [];
  let companies = [company('c-acme', 'Acme Inc')];
  return stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /user': ({ query }) => ({
      body:
        query.get('fullName') === 'nobody'
          ? []
          : query.get('username') === 'sam'
            ? [{ ...SAM, username: SAM.userName }]
            : [PAT],
    }),
    'GET /user/{userId}/linked-user': () => ({ body: linked }),
    'POST /user/{userId}/{otherUserId}': () => {
      linked = [SAM];
      return { body: SAM };
    },
    'DELETE /user/{userId}/{otherUserId}': () => {
      linked = [];
      return { status: 204 };
    },
    'GET /user/{userId}/company': () => ({ body: companies }),
    'GET /client/search': { body: [client('c-globex', 'Globex LLC'), client('c-gone', 'Gone Co')] },
    'POST /company/{companyId}/user/{userId}': ({ params }) => {
      if (params.companyId === 'c-gone') return { status: 404, body: { message: 'Company not found' } };
      companies = [...companies, company('c-globex', 'Globex LLC')];
      return { body: { userId: 'u-pat', userName: 'pat.lee', firstName: 'Pat', lastName: 'Lee', email: '' } };
    },
    'DELETE /company/{companyId}/user/{userId}': ({ params }) => {
      companies = companies.filter((one) => one.clientId !== params.companyId);
      return { status: 204 };
    },
  });
}

async function findUser(text: string, by: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Search text'), { target: { value: text } });
  fireEvent.change(within(dialog).getByLabelText('Search by'), { target: { value: by } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
  return dialog;
}

describe('the users screen', () => {
  it("searches by full name with page 1 of 300 and says 'No results found'", async () => {
    const { calls } = stubUsersApi();
    renderAt('/admin/users', <AdminUsers />);
    fireEvent.click(screen.getByRole('button', { name: 'Find User' }));
    const dialog = await findUser('nobody', 'fullName');
    expect(await within(dialog).findByText(USERS_MESSAGES.noResults)).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/user?'))?.url).toBe(
      '/api/user?fullName=nobody&page=1&pageSize=300',
    );
  });

  it("selects a user, links and unlinks another ('User Linked')", async () => {
    const { calls } = stubUsersApi();
    renderAt('/admin/users', <AdminUsers />);
    fireEvent.click(screen.getByRole('button', { name: 'Find User' }));
    const dialog = await findUser('pat', 'username');
    const row = await within(dialog).findByRole('button', { name: 'Select Pat Lee' });
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Pat',
      'Lee',
      'pat@acme.test',
      'broker',
    ]);
    fireEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'Pat Lee' })).toBeTruthy();
    expect(await screen.findByText('No linked users')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Link User' }));
    const linkDialog = await findUser('sam', 'username');
    fireEvent.click(await within(linkDialog).findByRole('button', { name: 'Select Sam Ortiz' }));
    expect(await screen.findByText(USERS_MESSAGES.linked)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Linked Users' });
    expect(within(table).getByText('sam.ortiz')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/user/u-pat/u-sam')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Unlink sam.ortiz' }));
    expect(await screen.findByText('No linked users')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/user/u-pat/u-sam')).toBe(true);
  });

  it("adds companies ('Added' and their names, an error toast per failed one) and removes them ('Removed')", async () => {
    const { calls } = stubUsersApi();
    renderAt('/admin/users', <AdminUsers />);
    fireEvent.click(screen.getByRole('button', { name: 'Find User' }));
    fireEvent.click(
      await within(await findUser('pat', 'username')).findByRole('button', { name: 'Select Pat Lee' }),
    );
    const companies = await screen.findByRole('table', { name: 'Companies' });
    expect(within(companies).getByLabelText('Acme Inc')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Company search text'), { target: { value: 'o' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByLabelText('Globex LLC'));
    fireEvent.click(screen.getByLabelText('Gone Co'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Selected' }));
    expect(await screen.findByText('Added Globex LLC')).toBeTruthy();
    expect(await screen.findByText('Company not found')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Companies' })).getByLabelText('Globex LLC'),
      ).toBeTruthy(),
    );
    expect(calls.find((call) => call.url.startsWith('/api/client/search'))?.url).toBe(
      '/api/client/search?searchText=o',
    );

    const table = screen.getByRole('table', { name: 'Companies' });
    fireEvent.click(within(table).getByLabelText('Acme Inc'));
    fireEvent.click(within(table).getByLabelText('Globex LLC'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Selected' }));
    expect(await screen.findByText('Removed Acme Inc, Globex LLC')).toBeTruthy();
    expect(await screen.findByText('No companies')).toBeTruthy();
  });
});
