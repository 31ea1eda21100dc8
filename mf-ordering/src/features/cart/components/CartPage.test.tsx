import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { CartPage } from './CartPage.js';
import { type Cart } from 'shared-ui';

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
      'GET /shopping-cart/{id}': { body: cartOf({ subtotal: 300, total: 300, items: [acme] }) },
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

  it('offers no checkout when the total is zero (the free purchase comes with the checkout issue)', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{id}': { body: cartOf({ subtotal: 300, discount: 300, items: [globex] }) },
    });
    renderAt('/basket', <CartPage user={broker} />);
    expect(await screen.findByTestId('cart-total')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('says so when the cart is empty', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /shopping-cart/{id}': { body: cartOf({}) } });
    renderAt('/basket', <CartPage user={broker} />);
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
  });

  // Save for later, Move to cart, Delete and the free purchase return with their endpoints (checkout issue).
  it('offers no item actions until their endpoints exist, and only reads the cart', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{id}': {
        body: cartOf({ subtotal: 300, total: 300, items: [acme], savedForLater: [globex] }),
      },
    });
    renderAt('/basket', <CartPage user={broker} />);

    expect(await screen.findByRole('heading', { name: 'Saved for Later' })).toBeTruthy();
    for (const name of ['Save for later', 'Move to cart', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
