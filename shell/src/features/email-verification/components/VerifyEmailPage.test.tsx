import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { broker, stubFetch } from 'shared-ui/testing';
import { currentLocation, renderShell } from '../../../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };

afterEach(cleanup);

describe('/verify-email?token=…', () => {
  it('takes the token out of the address, sends it once, and says the address is verified (a guest too)', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'POST /user/verify-email': {
        body: { message: ACCOUNT_MESSAGES.emailVerified, email: 'ann@example.com' },
      },
    });
    renderShell('/verify-email?token=tok-1');
    expect(await screen.findByText(/Your e-mail address has been verified: ann@example.com/)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/verify-email'));
    expect(calls.filter((call) => call.url === '/api/user/verify-email').map((call) => call.body)).toEqual([
      { token: 'tok-1' },
    ]);
    // The token never travels anywhere else (page views carry the path only).
    expect(calls.filter((call) => JSON.stringify(call).includes('tok-1'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });

  it("a refused link says the server's reason on the page, once; signed in, it leads to the profile", async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'POST /user/verify-email': {
        status: 400,
        body: { message: ACCOUNT_MESSAGES.emailVerifiedByAnotherAccount },
      },
    });
    renderShell('/verify-email?token=taken');
    expect(await screen.findByText(new RegExp(ACCOUNT_MESSAGES.emailVerifiedByAnotherAccount))).toBeTruthy();
    expect(screen.getAllByText(new RegExp(ACCOUNT_MESSAGES.emailVerifiedByAnotherAccount))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
  });

  it('without a token says the link is no good and calls nothing', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': guest });
    renderShell('/verify-email');
    expect(await screen.findByText(new RegExp(ACCOUNT_MESSAGES.invalidVerificationLink))).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.includes('verify-email'))).toBe(false));
  });
});
