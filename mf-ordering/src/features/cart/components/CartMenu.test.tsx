import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { CartMenu } from './CartMenu.js';
import { SavedForLaterNotice } from './SavedForLaterNotice.js';
import { type Cart } from 'shared-ui';

const cart: Cart = {
  subtotal: 600,
  discount: 0,
  total: 600,
  items: [
    { id: 'd-1', cartItemId: 'ci-1', product: 'Acme POP Document', unitPrice: 300, discount: 0, total: 300 },
    {
      id: 'd-2',
      cartItemId: 'ci-2',
      product: 'Globex POP Document',
      unitPrice: 300,
      discount: 0,
      total: 300,
    },
  ],
  savedForLater: [],
};

afterEach(cleanup);

describe('CartMenu', () => {
  it('reads the cart count in its toggle and lists the items with their totals and Go to cart', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{userId}/count/saved-for-later': {
        body: { cartCount: 2, savedForLaterCount: 1 },
      },
      'GET /shopping-cart/{id}': { body: cart },
    });
    renderAt('/', <CartMenu user={broker} />);

    const toggle = await screen.findByRole('button', { name: '2 item(s) in cart' });
    fireEvent.click(toggle);

    expect(await screen.findByText('Acme POP Document')).toBeTruthy();
    expect(screen.getAllByText('$300.00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('/basket');
  });

  it('says 0 item(s) in cart for an empty cart', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{userId}/count/saved-for-later': {
        body: { cartCount: 0, savedForLaterCount: 0 },
      },
      'GET /shopping-cart/{id}': { body: { ...cart, items: [], total: 0, subtotal: 0 } },
    });
    renderAt('/', <CartMenu user={broker} />);
    expect(await screen.findByRole('button', { name: '0 item(s) in cart' })).toBeTruthy();
  });
});

describe('SavedForLaterNotice', () => {
  it('tells how many items are saved for later and links to the cart', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{userId}/count/saved-for-later': {
        body: { cartCount: 0, savedForLaterCount: 3 },
      },
    });
    renderAt('/', <SavedForLaterNotice user={broker} />);
    expect(await screen.findByText('You have 3 item(s) saved for later.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your cart' }).getAttribute('href')).toBe('/basket');
  });

  it('renders nothing when nothing is saved for later', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /shopping-cart/{userId}/count/saved-for-later': {
        body: { cartCount: 4, savedForLaterCount: 0 },
      },
      'GET /shopping-cart/{id}': { body: cart },
    });
    renderAt(
      '/',
      <>
        <SavedForLaterNotice user={broker} />
        <CartMenu user={broker} />
      </>,
    );
    // Once the cart menu shows the counts, the notice has had them too.
    await screen.findByRole('button', { name: '4 item(s) in cart' });
    expect(screen.queryByText('saved for later', { exact: false })).toBeNull();
  });
});
