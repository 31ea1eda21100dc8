import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { paths, patterns } from 'shared-ui';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import type { PromoCode } from '../api/get-promo-codes.js';
import { PromoCodeList } from './PromoCodeList.js';

const spring: PromoCode = {
  id: 'd-spring',
  code: 'SPRING15',
  percentage: 15,
  amount: null,
  maxDollarAmount: 100,
  productId: null,
  type: 'Total',
  startDate: '2026-03-01',
  endDate: '2026-05-31',
  usage: 4,
  product: null,
};
const fifty: PromoCode = {
  id: 'd-fifty',
  code: 'FIFTYOFF',
  percentage: 0,
  amount: 50,
  maxDollarAmount: null,
  productId: 'p-pop',
  type: 'Product',
  startDate: '2026-01-15',
  endDate: '2026-12-31',
  usage: 0,
  product: 'POP Document',
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={paths.utilities('promo-code')} element={<PromoCodeList />} />
    <Route path={patterns.promoCode} element={<h2>Editor of the code</h2>} />
    <Route path={patterns.newPromoCode} element={<h2>New code editor</h2>} />
  </Routes>
);

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the promo code list', () => {
  it("shows every code's terms, '--' for a zero or empty percentage, amount or maximum", async () => {
    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /discount': { body: [spring, fifty] } });
    renderAt(paths.utilities('promo-code'), page());

    const table = await screen.findByRole('table', { name: 'Promo Codes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Code',
      'Type',
      'Percentage',
      'Amount',
      'Maximum',
      'Product',
      'Start Date',
      'End Date',
      'Usage',
      'Actions',
    ]);
    const [springRow, fiftyRow] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(springRow!)).toEqual([
      'SPRING15',
      'Total',
      '15%',
      '--',
      '$100.00',
      'All products',
      '03/01/2026',
      '05/31/2026',
      '4',
      'Delete',
    ]);
    expect(cellsOf(fiftyRow!)).toEqual([
      'FIFTYOFF',
      'Product',
      '--',
      '$50.00',
      '--',
      'POP Document',
      '01/15/2026',
      '12/31/2026',
      '0',
      'Delete',
    ]);
    expect(screen.getByRole('link', { name: 'New Promo Code' }).getAttribute('href')).toBe(
      '/admin/utilities/promo-code/new',
    );
    expect(screen.getByRole('link', { name: 'SPRING15' }).getAttribute('href')).toBe(
      '/admin/utilities/promo-code/d-spring',
    );
  });

  it('opens the editor from anywhere on a row', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /discount': { body: [spring] } });
    renderAt(paths.utilities('promo-code'), page());

    fireEvent.click(await screen.findByText('All products'));
    expect(await screen.findByRole('heading', { name: 'Editor of the code' })).toBeTruthy();
  });

  it('says so when there is no code', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance }, 'GET /discount': { body: [] } });
    renderAt(paths.utilities('promo-code'), page());
    expect(await screen.findByText('No promo codes found')).toBeTruthy();
  });

  it("deletes a code once confirmed: 'Record has been deleted', and the code is gone", async () => {
    let deleted = false;
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /discount': () => ({ body: deleted ? [fifty] : [spring, fifty] }),
      'DELETE /discount/{id}': (call) => {
        deleted = call.params.id === 'd-spring';
        return { body: { id: call.params.id!, deleted: true } };
      },
    });
    renderAt(paths.utilities('promo-code'), page());
    const deletes = () => calls.filter((call) => call.method === 'DELETE');

    // Cancel keeps it.
    fireEvent.click(await screen.findByRole('button', { name: 'Delete SPRING15' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the promo code SPRING15?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);
    // Deleting from the row does not open the editor.
    expect(screen.queryByRole('heading', { name: 'Editor of the code' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete SPRING15' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Record has been deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'SPRING15' })).toBeNull());
    expect(screen.getByRole('link', { name: 'FIFTYOFF' })).toBeTruthy();
    expect(deletes().map((call) => call.url)).toEqual(['/api/discount/d-spring']);
  });
});
