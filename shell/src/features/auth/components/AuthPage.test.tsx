import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { broker, stubFetch } from 'shared-ui/testing';
import { currentLocation, renderShell } from '../../../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };

afterEach(cleanup);

describe('/auth?token=…', () => {
  it('takes the token out of the address at once, exchanges it once, records the login and goes home', async () => {
    localStorage.setItem('referralId', 'ref-3');
    let signedIn = false;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = stubFetch({
      'GET /bff/user': () => (signedIn ? { body: broker } : guest),
      'POST /bff/auth': () => {
        signedIn = true;
        return { body: broker };
      },
      'POST /user/{userId}/login': { status: 204 },
    });
    // Hold the exchange until the address has been checked.
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/bff/auth') await answered;
      return stubbed(input, init);
    }) as typeof fetch;

    renderShell('/auth?token=tok-1');
    await waitFor(() => expect(currentLocation()).toBe('/auth'));
    expect(screen.getByRole('status', { name: 'Signing in' })).toBeTruthy();
    release();

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'User navigation' })).toBeTruthy();
    const exchanges = calls.filter((call) => call.url === '/bff/auth');
    expect(exchanges.map((call) => call.body)).toEqual([{ token: 'tok-1' }]);
    expect(calls.filter((call) => call.url === '/api/user/u-broker/login').map((call) => call.body)).toEqual([
      { referralId: 'ref-3' },
    ]);
    // The token never travels anywhere else (page views carry the path only).
    expect(calls.filter((call) => JSON.stringify(call).includes('tok-1'))).toHaveLength(1);
  });

  it('a refused or used link says so, with a way to sign in', async () => {
    stubFetch({
      'GET /bff/user': guest,
      'POST /bff/auth': { status: 400, body: { message: ACCOUNT_MESSAGES.invalidSignInLink } },
    });
    renderShell('/auth?token=used');
    expect(await screen.findByText(ACCOUNT_MESSAGES.invalidSignInLink)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(currentLocation()).toBe('/auth');
  });

  it('without a token says the link is invalid and sends nothing', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': guest });
    renderShell('/auth');
    expect(await screen.findByText(ACCOUNT_MESSAGES.invalidSignInLink)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/bff/auth')).toEqual([]);
  });
});
