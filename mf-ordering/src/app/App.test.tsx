import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import App from './App.js';

/** The shell mounts a remote's App at a catch-all route (shell/src/app/AppRoutes.tsx). */
function ShellRoutes() {
  return (
    <Routes>
      <Route path="*" element={<App />} />
    </Routes>
  );
}

afterEach(cleanup);

const answers = {
  'GET /bff/user': { body: broker },
  'GET /shopping-cart/{id}': {
    body: { subtotal: 0, discount: 0, total: 0, items: [], savedForLater: [] },
  },
};

describe.each([
  ['in the shell', () => <ShellRoutes />],
  ['standalone', () => <App />],
])('App %s', (_where, element) => {
  it('shows the cart at /basket', async () => {
    stubFetch(answers);
    renderAt('/basket', element());
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeTruthy();
  });

  it('shows the payment breadcrumb at /checkout', async () => {
    stubFetch(answers);
    renderAt('/checkout', element());
    expect(await screen.findByText('Checkout - Payment Information')).toBeTruthy();
  });

  it('shows the receipt at /orders/{orderId}/receipt', async () => {
    const { calls } = stubFetch({
      ...answers,
      'GET /order/{orderId}/receipt': {
        body: { orderId: 'o-1', orderNumber: '1001', receipt: '<p>Order 1001</p>' },
      },
    });
    renderAt('/orders/o-1/receipt', element());
    expect(await screen.findByText('Order 1001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Receipt' })).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/order/o-1/receipt')).toBe(true);
  });

  it('says so for a path it does not have, with the kit’s not-found page', async () => {
    stubFetch(answers);
    renderAt('/orders', element());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });
});
