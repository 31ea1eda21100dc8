import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, PASSWORD_POLICY_TEXT } from 'shared-domain';
import { broker, stubFetch } from 'shared-ui/testing';
import { clickOn, currentLocation, fillIn, renderShell } from '../../../testing/render-shell.js';
import { type TemporaryUserToken } from 'shared-ui';
import { SETUP_FOR_INVITATION } from './FirstTimeSetupPage.js';

const guest = { status: 401, body: { message: 'Not signed in' } };
const invited: TemporaryUserToken = {
  userId: 'u-new',
  user: { userName: 'ann.lee', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
};
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(cleanup);

describe('/first-time-setup/{token}', () => {
  it('prefills the invited user, sets the password and completes the setup', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /temporary-user-token': { body: invited },
      'POST /user/{userId}/token/{token}': {
        body: { success: true, message: ACCOUNT_MESSAGES.setupComplete },
      },
    });
    renderShell('/first-time-setup/tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    await screen.findByLabelText('First Name');
    expect([value('First Name'), value('Last Name'), value('Username'), value('Email Address')]).toEqual([
      'Ann',
      'Lee',
      'ann.lee',
      'ann@example.com',
    ]);
    expect(screen.getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();

    await fillIn('Last Name', 'Lee-Smith');
    await fillIn('Password', 'Welcome-2026');
    await fillIn('Confirm Password', 'Welcome-2026');
    await clickOn(screen.getByRole('button', { name: 'Complete Account Setup' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.setupComplete)).toBeTruthy();
    expect(
      calls.filter((call) => call.url === '/api/user/u-new/token/tok-1').map((call) => call.body),
    ).toEqual([
      {
        userId: 'u-new',
        username: 'ann.lee',
        firstname: 'Ann',
        lastname: 'Lee-Smith',
        email: 'ann@example.com',
        password: 'Welcome-2026',
        confirmPassword: 'Welcome-2026',
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('sends nothing without the password', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /temporary-user-token': { body: invited },
    });
    renderShell('/first-time-setup/tok-1');
    await clickOn(await screen.findByRole('button', { name: 'Complete Account Setup' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.required('Password'))).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.includes('/token/'))).toBe(false);
  });

  it('an invalid or used link says so on the page', async () => {
    stubFetch({
      'GET /bff/user': guest,
      'GET /temporary-user-token': {
        status: 400,
        body: { message: ACCOUNT_MESSAGES.invalidSetupLink },
      },
    });
    renderShell('/first-time-setup/used');
    expect(await screen.findByText(ACCOUNT_MESSAGES.invalidSetupLink)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete Account Setup' })).toBeNull();
    // Shown once: on the page, not also as a toast.
    expect(screen.getAllByText(ACCOUNT_MESSAGES.invalidSetupLink)).toHaveLength(1);
  });

  it('is reachable when signed in', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /temporary-user-token': { body: invited },
    });
    renderShell('/first-time-setup/tok-1');
    expect(await screen.findByRole('button', { name: 'Complete Account Setup' })).toBeTruthy();
    expect(currentLocation()).toBe('/first-time-setup/tok-1');
  });

  it("set up from an invitation's link, it goes on to that invitation (to sign in and accept it)", async () => {
    stubFetch({
      'GET /bff/user': guest,
      'GET /temporary-user-token': { body: invited },
      'POST /user/{userId}/token/{token}': {
        body: { success: true, message: ACCOUNT_MESSAGES.setupComplete },
      },
    });
    renderShell('/first-time-setup/tok-1?invitationToken=inv-9');
    expect(await screen.findByText(SETUP_FOR_INVITATION.lead, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in and accept it there' }).getAttribute('href')).toBe(
      '/invitation?token=inv-9',
    );
    await fillIn('Password', 'Welcome-2026');
    await fillIn('Confirm Password', 'Welcome-2026');
    await clickOn(screen.getByRole('button', { name: 'Complete Account Setup' }));
    expect(await screen.findByText(SETUP_FOR_INVITATION.ready)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/invitation?token=inv-9'));
    expect(await screen.findByRole('button', { name: 'Secure Sign In' })).toBeTruthy();
  });
});
