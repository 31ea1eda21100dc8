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

  // The receipt screen returns with GET order/{orderId}/receipt (the checkout issue).
  it('has no receipt screen before its endpoint exists', async () => {
    const { calls } = stubFetch(answers);
    renderAt('/orders/o-1/receipt', element());
    expect(await screen.findByText('Page not found.')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('receipt'))).toBe(false);
  });
});
