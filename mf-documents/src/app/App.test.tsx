import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
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

  it('shows the client details page at /client/{clientId}', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /client/{clientId}': {
        body: {
          clientId: 'cl-9',
          brokerId: broker.userId,
          broker: 'Demo Broker',
          brokerEmail: broker.email,
          legalEntityType: '',
          stateOfLegalConstruction: '',
          strategicPartnerId: null,
          strategicPartner: '',
          strategicPartnerAccountId: '',
          erisaAccount: false,
          companyDetail: {
            name: 'Acme Landscaping Inc',
            addressLine1: '',
            addressLine2: '',
            city: '',
            state: '',
            zipCode: '',
            phone: '',
            federalTaxId: '',
            legalEntityType: '',
            stateOfLegalConstruction: '',
            notes: '',
          },
        },
      },
      'GET /client/{clientId}/document': { body: [] },
      'GET /company/{companyId}/user': { body: [] },
    });
    renderAt('/client/cl-9', element());
    expect(await screen.findByRole('heading', { name: 'Acme Landscaping Inc' })).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/client/'))?.params).toEqual({ clientId: 'cl-9' });
  });

  it.each(['/nowhere', '/document/doc-1/elsewhere', '/client/cl-1/elsewhere'])(
    'says an unknown address %s is not a page, with the way home',
    async (path) => {
      stubFetch({ 'GET /bff/user': { body: broker } });
      renderAt(path, element());
      expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      expect(document.title).toBe('Page Not Found - POP Documents');
    },
  );
});
