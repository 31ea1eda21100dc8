import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { paths, patterns } from 'shared-ui';
import { compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import type { PromoCode } from '../api/get-promo-codes.js';
import { PromoCodeEditor } from './PromoCodeEditor.js';

const products = [
  { id: 'p-pop', name: 'POP Document' },
  { id: 'p-ndt', name: 'NDT' },
];
const spring: PromoCode = {
  id: 'd-spring',
  code: 'SPRING15',
  percentage: 15,
  amount: null,
  maxDollarAmount: 100,
  productId: 'p-pop',
  type: 'Total',
  startDate: '2026-03-01',
  endDate: '2026-05-31',
  usage: 4,
  product: 'POP Document',
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={patterns.newPromoCode} element={<PromoCodeEditor />} />
    <Route path={patterns.promoCode} element={<PromoCodeEditor />} />
    <Route path={paths.utilities('promo-code')} element={<h2>The promo code list</h2>} />
  </Routes>
);

function stub(extra: StubAnswers = {}) {
  return stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /product': { body: products },
    'GET /discount/{id}': { body: spring },
    ...extra,
  } as StubAnswers);
}

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the promo code editor', () => {
  it("creates a code: the $ choice sends the amount and a null percentage; 'Promo code saved', back to the list", async () => {
    const { calls } = stub({
      'POST /discount': (call) => ({ body: { ...spring, ...(call.body as object) } }),
    });
    renderAt(paths.newPromoCode(), page());

    expect(await screen.findByRole('heading', { name: 'New Promo Code' })).toBeTruthy();
    // The form opens once its products (and the code) have come.
    await screen.findByLabelText('Code');
    // A new code starts as a percentage off the total, for all products.
    expect((screen.getByRole('radio', { name: '%' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Total' }) as HTMLInputElement).checked).toBe(true);
    const product = screen.getByRole('combobox', { name: 'Product' }) as HTMLSelectElement;
    expect([...product.options].map((option) => option.text)).toEqual([
      'All products',
      'POP Document',
      'NDT',
    ]);
    expect(screen.getByLabelText('Start Date').getAttribute('placeholder')).toBe('mm/dd/yyyy');

    type('Code', 'SUMMER25');
    fireEvent.click(screen.getByRole('radio', { name: '$' }));
    type('Amount', '$25.50');
    type('Start Date', '06/01/26');
    type('End Date', '2026-08-31');
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe('06/01/2026');
    fireEvent.change(product, { target: { value: 'p-pop' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Product' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Promo code saved')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The promo code list' })).toBeTruthy();
    const saved = calls.filter((call) => call.method === 'POST');
    expect(saved.map((call) => call.url)).toEqual(['/api/discount']);
    expect(saved[0]!.body).toEqual({
      code: 'SUMMER25',
      percentage: null,
      amount: 25.5,
      maxDollarAmount: null,
      startDate: '2026-06-01',
      endDate: '2026-08-31',
      productId: 'p-pop',
      type: 'Product',
    });
  });

  it('edits a code: its terms are shown, and switching to $ sends the amount instead of the percentage', async () => {
    const { calls } = stub({
      'POST /discount/{id}': (call) => ({ body: { ...spring, ...(call.body as object) } }),
    });
    renderAt(paths.promoCode('d-spring'), page());

    expect(await screen.findByRole('heading', { name: 'Edit Promo Code' })).toBeTruthy();
    // The form opens once its products (and the code) have come.
    await screen.findByLabelText('Code');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('SPRING15');
    expect((screen.getByRole('radio', { name: '%' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Percentage') as HTMLInputElement).value).toBe('15');
    expect((screen.getByLabelText('Maximum dollar amount') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe('03/01/2026');
    expect((screen.getByLabelText('End Date') as HTMLInputElement).value).toBe('05/31/2026');
    expect((screen.getByRole('combobox', { name: 'Product' }) as HTMLSelectElement).value).toBe('p-pop');

    fireEvent.click(screen.getByRole('radio', { name: '$' }));
    type('Amount', '40');
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: '' } });
    type('Maximum dollar amount', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Promo code saved')).toBeTruthy();
    const saved = calls.filter((call) => call.method === 'POST');
    expect(saved.map((call) => call.url)).toEqual(['/api/discount/d-spring']);
    expect(saved[0]!.body).toEqual({
      code: 'SPRING15',
      percentage: null,
      amount: 40,
      maxDollarAmount: null,
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      productId: null,
      type: 'Total',
    });
  });

  it('switching back to % sends the percentage and a null amount', async () => {
    const dollars: PromoCode = { ...spring, percentage: null, amount: 12.5 };
    const { calls } = stub({
      'GET /discount/{id}': { body: dollars },
      'POST /discount/{id}': { body: dollars },
    });
    renderAt(paths.promoCode('d-spring'), page());

    expect(((await screen.findByLabelText('Amount')) as HTMLInputElement).value).toBe('12.50');
    fireEvent.click(screen.getByRole('radio', { name: '%' }));
    type('Percentage', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Promo code saved');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      percentage: 20,
      amount: null,
    });
  });

  it('sends nothing while a field is wrong, and says what is wrong', async () => {
    const { calls } = stub();
    renderAt(paths.newPromoCode(), page());
    await screen.findByRole('heading', { name: 'New Promo Code' });
    // The form opens once its products (and the code) have come.
    await screen.findByLabelText('Code');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Code is required')).toBeTruthy();
    expect(screen.getByText('Percentage is required')).toBeTruthy();
    expect(screen.getByText('Start Date is required')).toBeTruthy();
    expect(screen.getByText('End Date is required')).toBeTruthy();

    type('Code', 'BAD CODE!');
    type('Percentage', '150');
    type('Start Date', '06/01/2026');
    type('End Date', '05/01/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Code may contain only letters, digits, - and _ (50 at most)'),
    ).toBeTruthy();
    expect(screen.getByText('Percentage must be a whole number from 1 to 100')).toBeTruthy();
    expect(screen.getByText('End Date must not be before Start Date')).toBeTruthy();

    // A percentage is a whole number: the point is refused as it is typed.
    type('Percentage', '12.5');
    await waitFor(() => expect((screen.getByLabelText('Percentage') as HTMLInputElement).value).toBe('150'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("keeps the editor open when the server refuses, with the server's reasons in a toast", async () => {
    stub({
      'POST /discount': {
        status: 400,
        body: { type: 'validation', errors: ['The promo code SPRING15 already exists'] },
      },
    });
    renderAt(paths.newPromoCode(), page());
    await screen.findByRole('heading', { name: 'New Promo Code' });
    // The form opens once its products (and the code) have come.
    await screen.findByLabelText('Code');

    type('Code', 'SPRING15');
    type('Percentage', '15');
    type('Start Date', '03/01/2026');
    type('End Date', '05/31/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The promo code SPRING15 already exists')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New Promo Code' })).toBeTruthy();
    expect(screen.queryByText('Promo code saved')).toBeNull();
  });

  it('Cancel goes back to the list without saving', async () => {
    const { calls } = stub();
    renderAt(paths.promoCode('d-spring'), page());
    await screen.findByRole('heading', { name: 'Edit Promo Code' });
    // The form opens once its products (and the code) have come.
    await screen.findByLabelText('Code');

    type('Code', 'CHANGED');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'The promo code list' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says so when the code does not exist', async () => {
    stub({ 'GET /discount/{id}': { status: 404, body: { message: 'Promo code not found' } } });
    renderAt(paths.promoCode('d-gone'), page());

    const alert = await screen.findByText(/This promo code could not be opened/);
    expect(within(alert).getByRole('link', { name: 'Back to the promo codes' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Promo code not found')).toBeTruthy());
    expect(screen.queryByRole('form', { name: 'Promo code' })).toBeNull();
  });
});
