import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { patterns, type ClientSearchRow } from 'shared-ui';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { ClientsPage } from './ClientsPage.js';

const harbor: ClientSearchRow = {
  clientId: 'cl-1',
  name: 'Harbor View Dental LLC',
  address: '12 Pier Road',
  city: 'Portland',
  state: 'ME',
};
const acme: ClientSearchRow = {
  clientId: 'cl-2',
  name: 'Acme Landscaping Inc',
  address: '4 Elm Street',
  city: 'Raleigh',
  state: 'NC',
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={patterns.adminClients} element={<ClientsPage />} />
    <Route path={patterns.adminClient} element={<h1>The client page</h1>} />
  </Routes>
);

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('/admin/clients', () => {
  it('lists the recently viewed clients, and searches all clients as the user types', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /client/recently-viewed': { body: [acme] },
      'GET /client/search': (call) => ({ body: call.query.get('searchText') === '12-34' ? [harbor] : [] }),
    });
    renderAt('/admin/clients', page());

    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeTruthy();
    const recent = await screen.findByRole('table', { name: 'Recently Viewed' });
    expect(cellsOf(recent)).toEqual([['Acme Landscaping Inc', '4 Elm Street', 'Raleigh', 'NC']]);
    // Nothing typed: nothing searched.
    expect(calls.some((call) => call.url.startsWith('/api/client/search'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Search All Clients'), { target: { value: ' 12-34 ' } });
    const results = await screen.findByRole('table', { name: 'Search results' });
    expect(cellsOf(results)).toEqual([['Harbor View Dental LLC', '12 Pier Road', 'Portland', 'ME']]);
    expect(within(results).getByRole('link', { name: 'Harbor View Dental LLC' }).getAttribute('href')).toBe(
      '/admin/client/cl-1',
    );

    fireEvent.change(screen.getByLabelText('Search All Clients'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No results found')).toBeTruthy();
  });

  it('says when no client was viewed yet', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /client/recently-viewed': { body: [] } });
    renderAt('/admin/clients', page());
    expect(await screen.findByText('No clients viewed yet')).toBeTruthy();
  });
});
