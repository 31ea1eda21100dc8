import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Cart } from 'shared-domain';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { CartPage } from './CartPage.js';

const acme = {
  id: 'd-1',
  cartItemId: 'ci-1',
  product: 'Acme POP Document',
  unitPrice: 300,
  discount: 0,
  total: 300,
};
const globex = {
  id: 'd-2',
  cartItemId: 'ci-2',
  product: 'Globex POP Document',
  unitPrice: 300,
  discount: 300,
  total: 0,
};
const cartOf = (partial: Partial<Cart>): Cart => ({
  subtotal: 0,
  discount: 0,
  total: 0,
  items: [],
  savedForLater: [],
  ...partial,
});

afterEach(cleanup);

describe('CartPage', () => {
  it('shows the items with money columns, the summary and Proceed to checkout for a non-zero total', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /api/shopping-cart/u-broker': { body: cartOf({ subtotal: 300, total: 300, items: [acme] }) },
    });
    renderAt('/basket', <CartPage user={broker} />);

    expect(screen.getByRole('heading', { name: 'Shopping Cart' })).toBeTruthy();
    const row = (await screen.findByText('Acme POP Document')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('$300.00')).toHaveLength(2);
    expect(within(row).getByText('$0.00')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$300.00');
    expect(screen.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('offers Complete instead of checkout when the total is zero', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /api/shopping-cart/u-broker': { body: cartOf({ subtotal: 300, discount: 300, items: [globex] }) },
    });
    renderAt('/basket', <CartPage user={broker} />);
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
  });

  it('says so when the cart is empty', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /api/shopping-cart/u-broker': { body: cartOf({}) } });
    renderAt('/basket', <CartPage user={broker} />);
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
  });

  it('asks before deleting an item, then deletes it and reloads the cart', async () => {
    let cart = cartOf({ subtotal: 300, total: 300, items: [acme] });
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /api/shopping-cart/u-broker': () => ({ body: cart }),
      'DELETE /api/shopping-cart/ci-1': () => {
        cart = cartOf({});
        return { body: { success: true } };
      },
    });
    renderAt('/basket', <CartPage user={broker} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to remove Acme POP Document from your cart?'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/shopping-cart/ci-1',
    ]);
  });

  it('saves an item for later and moves a saved item back to the cart', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /api/shopping-cart/u-broker': {
        body: cartOf({ subtotal: 300, total: 300, items: [acme], savedForLater: [globex] }),
      },
      'POST /api/shopping-cart/ci-1/save-for-later': { body: { success: true } },
      'POST /api/shopping-cart/ci-2/move-to-cart': { body: { success: true } },
    });
    renderAt('/basket', <CartPage user={broker} />);

    expect(await screen.findByRole('heading', { name: 'Saved for Later' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to cart' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        '/api/shopping-cart/ci-1/save-for-later',
        '/api/shopping-cart/ci-2/move-to-cart',
      ]),
    );
  });
});
