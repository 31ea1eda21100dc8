import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { compliance, recordDownloads, renderAt, stubFetch } from 'shared-ui/testing';
import type { PartnerClient } from './api/get-partner-clients.js';
import { PartnerClients } from './PartnerClients.js';

const PARTNER = 'p-summit';

const clientNumber = (number: number): PartnerClient => ({
  clientId: `c-${number}`,
  name: `Client ${String(number).padStart(2, '0')}`,
  phone: '(555) 555-0200',
  strategicPartnerAccountId: number === 1 ? 'SBP-1001' : '',
  broker: number === 1 ? 'Dana Broker' : '',
  city: 'Austin',
  state: 'TX',
  address: '1 Main Street',
  companyDetail: {
    name: `Client ${number}`,
    phone: '(555) 555-0200',
    federalTaxId: '',
    addressLine1: '1 Main Street',
    addressLine2: '',
    city: 'Austin',
    state: 'TX',
    zipCode: '73301',
    notes: '',
  },
});

/** The names the browser was asked to save files under. */
const saved = recordDownloads();

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe("a strategic partner's clients", () => {
  it('shows name, phone, account id, broker and location ten a page, and pages on', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /strategic-partner/{id}/client': ({ query }) => {
        const page = Number(query.get('page'));
        const first = (page - 1) * 10 + 1;
        const count = page === 1 ? 10 : 2;
        return {
          body: { data: Array.from({ length: count }, (_, index) => clientNumber(first + index)), pages: 2 },
        };
      },
    });
    renderAt('/admin/strategic-partner/p-summit/details', <PartnerClients companyId={PARTNER} />);

    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Phone', 'Account Id', 'Broker', 'Location']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(cellsOf(rows[0]!)).toEqual([
      'Client 01',
      '(555) 555-0200',
      'SBP-1001',
      'Dana Broker',
      'Austin, TX',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Client 01' }).getAttribute('href')).toBe(
      '/admin/client/c-1',
    );
    expect(calls.find((call) => call.url.includes('/client'))?.url).toBe(
      '/api/strategic-partner/p-summit/client?page=1&pageSize=10',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText('Client 12')).toBeTruthy());
    expect(within(screen.getByRole('table', { name: 'Clients' })).getAllByRole('row')).toHaveLength(3);
  });

  it("says so when there are none, and 'Export Client List' downloads every client as Excel", async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /strategic-partner/{id}/client': ({ query }) =>
        query.get('export') === 'true'
          ? {
              body: 'PK',
              headers: {
                'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                'content-disposition': 'attachment; filename="Summit Benefits Partners Clients.xlsx"',
              },
            }
          : { body: { data: [], pages: 0 } },
    });
    renderAt('/admin/strategic-partner/p-summit/details', <PartnerClients companyId={PARTNER} />);

    expect(await screen.findByText('No clients found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Client List' }));
    await waitFor(() => expect(saved).toEqual(['Summit Benefits Partners Clients.xlsx']));
    expect(calls.map((call) => call.url)).toContain(
      '/api/strategic-partner/p-summit/client?page=0&pageSize=0&export=true',
    );
  });
});
