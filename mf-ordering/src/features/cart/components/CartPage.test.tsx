import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import {
  apiClient,
  call,
  queryKey,
  useQuery,
  type AppliedPromoCode,
  type Cart,
  type CartItem,
} from 'shared-ui';
import { CartMenu } from './CartMenu.js';
import { CartPage } from './CartPage.js';
import { SavedForLaterNotice } from './SavedForLaterNotice.js';

const acme: CartItem = {
  id: 'ci-1',
  cartItemId: 'ci-1',
  product: 'Acme POP Document',
  unitPrice: 300,
  discount: 0,
  total: 300,
};
const globex: CartItem = {
  id: 'ci-2',
  cartItemId: 'ci-2',
  product: 'Globex POP Document',
  unitPrice: 300,
  discount: 0,
  total: 300,
};
const cartOf = (partial: Partial<Cart>): Cart => ({
  subtotal: 0,
  discount: 0,
  total: 0,
  items: [],
  savedForLater: [],
  ...partial,
});
/** A cart priced as the server would without codes: each item at its unit price. */
const priced = (items: CartItem[], savedForLater: CartItem[] = []): Cart => {
  const subtotal = items.reduce((sum, item) => sum + item.unitPrice, 0);
  return cartOf({ subtotal, total: subtotal, items, savedForLater });
};
const save10: AppliedPromoCode = {
  id: 'pc-1',
  code: 'SAVE10',
  percentage: 10,
  amount: null,
  maxDollarAmount: null,
  productId: null,
  type: 'Total',
};

/**
 * A document the purchase pays, as another screen shows it meanwhile (the documents remote reads one
 * document under `[path, documentId, 'form']`, in the same SWR cache).
 */
function DocumentStatus({ documentId }: { documentId: string }) {
  const { data } = useQuery(queryKey('/epop-document/{id}', documentId, 'form'), () =>
    call(apiClient.GET('/epop-document/{id}', { params: { path: { id: documentId } } })),
  );
  return (
    <p>
      Document {documentId}: {data && 'status' in data ? data.status : 'loading'}
    </p>
  );
}

const rowOf = (product: string) => screen.getByText(product).closest('tr') as HTMLElement;

/**
 * The cart page with the top bar's widgets beside it, as the shell places them: one SWR cache, so
 * the tests see what a user sees in the top bar when the cart changes.
 */
function CartWithTopBar() {
  return (
    <>
      <CartMenu user={broker} />
      <SavedForLaterNotice user={broker} />
      <DocumentStatus documentId="d-1" />
      <Routes>
        <Route path="/basket" element={<CartPage user={broker} />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </>
  );
}

/** A server holding one cart: reads answer it, item actions change it and answer it. */
function cartServer(initial: Cart, codes: AppliedPromoCode[] = []) {
  let cart = initial;
  let applied = codes;
  let paid = false;
  const move = (cartItemId: string, toSaved: boolean) => {
    const all = [...cart.items, ...cart.savedForLater];
    const item = all.find((candidate) => candidate.cartItemId === cartItemId)!;
    const items = cart.items.filter((candidate) => candidate !== item);
    const saved = cart.savedForLater.filter((candidate) => candidate !== item);
    cart = toSaved ? priced(items, [...saved, item]) : priced([...items, item], saved);
    return { body: cart };
  };
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /shopping-cart/{id}': () => ({ body: cart }),
    'GET /shopping-cart/{userId}/count/saved-for-later': () => ({
      body: { cartCount: cart.items.length, savedForLaterCount: cart.savedForLater.length },
    }),
    'GET /discount/{id}': () => ({ body: applied }),
    'GET /epop-document/{id}': (call) => ({
      body: { documentId: call.params.id, status: paid ? 'Paid' : 'Unpaid' } as never,
    }),
    'POST /shopping-cart/{cartItemId}/save-for-later': (call) => move(call.params.cartItemId!, true),
    'POST /shopping-cart/{cartItemId}/move-to-cart': (call) => move(call.params.cartItemId!, false),
    'DELETE /shopping-cart/{cartItemId}': (call) => {
      cart = priced(
        cart.items.filter((item) => item.cartItemId !== call.params.cartItemId),
        cart.savedForLater.filter((item) => item.cartItemId !== call.params.cartItemId),
      );
      return { body: cart };
    },
    'POST /shopping-cart/{userId}/promo-code/{code}': (call) => {
      if (call.params.code !== 'SAVE10') {
        return { status: 400, body: { message: `The promo code ${call.params.code} does not exist` } };
      }
      applied = [save10];
      cart = { ...cart, discount: cart.subtotal * 0.1, total: cart.subtotal * 0.9 };
      return { body: { message: 'Discount has been applied', cart } };
    },
    'DELETE /shopping-cart/{userId}/promo-code/{code}': (call) => {
      applied = [];
      cart = priced(cart.items, cart.savedForLater);
      return { body: { message: `The promo code ${call.params.code} has been removed`, cart } };
    },
    'POST /shopping-cart/{userId}/purchase/free': (call) => {
      const shown = (call.body as { expectedTotal?: number }).expectedTotal;
      if (shown !== undefined && shown !== cart.total) {
        return {
          status: 409,
          body: {
            message: `Your cart total has changed to $${cart.total.toFixed(2)}: review your cart before paying`,
          },
        };
      }
      cart = cartOf({});
      paid = true;
      return {
        body: {
          success: true,
          orderId: 'o-1',
          orderNumber: '1001',
          transactionId: null,
          displayText: 'Your order has been completed',
        },
      };
    },
  });
  return {
    ...stub,
    writes: () => stub.calls.filter((call) => call.method !== 'GET'),
    /** Another tab, or a code that ended: the cart changes without this page knowing. */
    changeCart: (next: Cart) => (cart = next),
  };
}

afterEach(cleanup);

describe('CartPage', () => {
  it('shows the items with money columns, the summary and Proceed to checkout for a non-zero total', async () => {
    cartServer(priced([acme]));
    renderAt('/basket', <CartPage user={broker} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeTruthy();
    expect(document.title).toBe('Shopping Cart - POP Documents');
    await screen.findByText('Acme POP Document');
    const row = rowOf('Acme POP Document');
    expect(within(row).getAllByText('$300.00')).toHaveLength(2);
    // Each value names its column, which a phone shows beside it (the rows stack below md).
    expect(within(row).getByText('$0.00').getAttribute('data-label')).toBe('Discount');
    expect(within(row).getByRole('link', { name: 'Acme POP Document' }).getAttribute('href')).toBe(
      '/document/cart/ci-1',
    );
    expect(within(row).getByRole('button', { name: 'Save for later' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$300.00');
    expect(screen.getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('says so when the cart is empty, and offers neither checkout nor Complete', async () => {
    cartServer(cartOf({}));
    renderAt('/basket', <CartPage user={broker} />);
    expect(await screen.findByText('Your shopping cart is empty.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('saves an item for later and moves it back, the top-bar count and the notice following at once', async () => {
    const server = cartServer(priced([acme, globex]));
    renderAt('/basket', <CartWithTopBar />);
    expect(await screen.findByRole('button', { name: '2 item(s) in cart' })).toBeTruthy();

    fireEvent.click(within(rowOf('Acme POP Document')).getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByRole('heading', { name: 'Saved for Later' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '1 item(s) in cart' })).toBeTruthy();
    expect(screen.getByText('You have 1 item(s) saved for later.', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$300.00');
    const saved = within(screen.getByRole('table', { name: 'Items saved for later' }));
    expect(saved.getByText('Acme POP Document')).toBeTruthy();
    expect(saved.queryByRole('button', { name: 'Save for later' })).toBeNull();

    fireEvent.click(saved.getByRole('button', { name: 'Move to cart' }));
    expect(await screen.findByRole('button', { name: '2 item(s) in cart' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Saved for Later' })).toBeNull());
    expect(screen.queryByText('saved for later.', { exact: false })).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$600.00');
    expect(server.writes().map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/shopping-cart/ci-1/save-for-later', {}],
      ['POST', '/api/shopping-cart/ci-1/move-to-cart', {}],
    ]);
  });

  it('deletes an item only once its removal is confirmed', async () => {
    const server = cartServer(priced([acme, globex]));
    renderAt('/basket', <CartWithTopBar />);
    await screen.findByText('Acme POP Document');

    fireEvent.click(within(rowOf('Acme POP Document')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to remove Acme POP Document from your cart?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toEqual([]);

    fireEvent.click(within(rowOf('Acme POP Document')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: '1 item(s) in cart' })).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Items in your cart' })).queryByText('Acme POP Document'),
      ).toBeNull(),
    );
    expect(server.writes().map((call) => [call.method, call.url])).toEqual([
      ['DELETE', '/api/shopping-cart/ci-1'],
    ]);
  });

  it('applies a promo code only when one is typed, lists it, and removes it', async () => {
    const server = cartServer(priced([acme]));
    renderAt('/basket', <CartPage user={broker} />);
    await screen.findByText('Acme POP Document');
    const box = within(screen.getByRole('region', { name: 'Promo Code' }));

    fireEvent.change(box.getByLabelText('Promo code'), { target: { value: '   ' } });
    fireEvent.click(box.getByRole('button', { name: 'Apply' }));
    expect(server.writes()).toEqual([]);

    fireEvent.change(box.getByLabelText('Promo code'), { target: { value: ' SAVE10 ' } });
    fireEvent.click(box.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount has been applied')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$270.00'));
    expect(screen.getByTestId('cart-discount').textContent).toBe('$30.00');
    expect(await box.findByText('SAVE10')).toBeTruthy();
    expect(box.getByText('10% off the total')).toBeTruthy();
    expect((box.getByLabelText('Promo code') as HTMLInputElement).value).toBe('');

    fireEvent.click(box.getByRole('button', { name: 'Remove promo code SAVE10' }));
    expect(await screen.findByText('The promo code SAVE10 has been removed')).toBeTruthy();
    await waitFor(() => expect(box.queryByText('SAVE10')).toBeNull());
    expect(screen.getByTestId('cart-total').textContent).toBe('$300.00');
    expect(server.writes().map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/shopping-cart/u-broker/promo-code/SAVE10', {}],
      ['DELETE', '/api/shopping-cart/u-broker/promo-code/SAVE10', undefined],
    ]);
  });

  it("shows the server's refusal of a code in a toast and under the box, and keeps the cart as it was", async () => {
    cartServer(priced([acme]));
    renderAt('/basket', <CartPage user={broker} />);
    await screen.findByText('Acme POP Document');
    const box = within(screen.getByRole('region', { name: 'Promo Code' }));
    fireEvent.change(box.getByLabelText('Promo code'), { target: { value: 'NOPE' } });
    fireEvent.click(box.getByRole('button', { name: 'Apply' }));
    // Told in the toast and under the box, tied to it and announced.
    await waitFor(() => expect(screen.getAllByText('The promo code NOPE does not exist')).toHaveLength(2));
    const input = box.getByLabelText('Promo code') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const refusal = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(refusal.textContent).toBe('The promo code NOPE does not exist');
    expect(refusal.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('cart-total').textContent).toBe('$300.00');
    expect(input.value).toBe('NOPE');

    // Editing the code takes the refusal away.
    fireEvent.change(input, { target: { value: 'NOPE2' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(refusal.textContent).toBe('');
  });

  it('completes a zero-total cart for free, then goes home with the message and an empty top bar', async () => {
    const free = { ...acme, discount: 300, total: 0 };
    const server = cartServer(cartOf({ subtotal: 300, discount: 300, total: 0, items: [free] }), [
      { ...save10, code: 'FREEPOP', percentage: 100 },
    ]);
    renderAt('/basket', <CartWithTopBar />);
    await screen.findByText('Acme POP Document');
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
    expect(await screen.findByText('Document d-1: Unpaid')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByText('Your order has been completed')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '0 item(s) in cart' })).toBeTruthy();
    // The paid document's details, not only the lists keyed by the user, are read again.
    expect(await screen.findByText('Document d-1: Paid')).toBeTruthy();
    expect(server.writes().map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/shopping-cart/u-broker/purchase/free', { expectedTotal: 0 }],
    ]);
  });

  it('completes nothing when the total changed meanwhile (409), and shows the cart as it now is', async () => {
    const free = { ...acme, discount: 300, total: 0 };
    const server = cartServer(cartOf({ subtotal: 300, discount: 300, total: 0, items: [free] }));
    renderAt('/basket', <CartWithTopBar />);
    await screen.findByText('Acme POP Document');
    // The 100% code ended after the page showed the cart.
    server.changeCart(priced([acme]));

    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(
      await screen.findByText('Your cart total has changed to $300.00: review your cart before paying'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$300.00'));
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(screen.queryByText('Home page')).toBeNull();
    expect(screen.getByText('Document d-1: Unpaid')).toBeTruthy();
  });
});
