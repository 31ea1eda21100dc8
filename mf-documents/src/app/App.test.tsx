import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { ORDER_FORM_STUBS } from '../features/order-form/test-fixtures.js';
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

describe.each([
  ['in the shell', () => <ShellRoutes />],
  ['standalone', () => <App />],
])('App %s', (_where, element) => {
  it.each([
    ['/document/new', 'POP Document Order Form'],
    ['/document/doc-1', 'POP Document Order Form'],
    ['/document/doc-1/ndt', 'Non-Discrimination Testing'],
    ['/document/doc-1/download', 'POP Document Download'],
  ])('titles %s %s', async (path, title) => {
    stubFetch({ 'GET /bff/user': { body: broker }, ...ORDER_FORM_STUBS });
    renderAt(path, element());
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });

  it('shows the client page with its id at /client/{clientId}', async () => {
    stubFetch({ 'GET /bff/user': { body: broker } });
    renderAt('/client/cl-9', element());
    expect(await screen.findByRole('heading', { name: 'Client' })).toBeTruthy();
    expect(screen.getByTestId('client-id').textContent).toBe('cl-9');
  });
});
