import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
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
  'GET /api/shopping-cart/u-broker': {
    body: { subtotal: 0, discount: 0, total: 0, items: [], savedForLater: [] },
  },
  'GET /api/order/o-1/receipt': { body: '<h3>Order 1001</h3><img src="x" onerror="alert(1)">' },
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

  it('shows the receipt markup, without scripts, at /orders/{orderId}/receipt', async () => {
    stubFetch(answers);
    const { container } = renderAt('/orders/o-1/receipt', element());
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeTruthy();
    expect(await screen.findByText('Order 1001')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
