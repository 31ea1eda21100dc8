import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { broker, browserLocation, stubFetch, writeBootBlock, type RecordedCall } from 'shared-ui/testing';
import { clickOn, currentLocation, fillIn, renderShell } from '../../../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };
const loginRecords = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && /^\/api\/user\/[^/]+\/login$/.test(call.url));

async function signInAs(username: string, password = 'Some-Pass1') {
  await fillIn('Username', username);
  await fillIn('Password', password);
  await clickOn(screen.getByRole('button', { name: 'Secure Sign In' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('login screen', () => {
  it('shows the login system messages as Bootstrap alerts by style, above the form', async () => {
    stubFetch({
      'GET /bff/user': guest,
      'GET /system-message': {
        body: [
          { message: 'Scheduled maintenance tonight', style: 'warning', location: 'login' },
          { message: 'Welcome', style: 'info', location: 'login' },
        ],
      },
    });
    renderShell('/');
    const warning = await screen.findByText('Scheduled maintenance tonight');
    expect(warning.className).toContain('alert-warning');
    expect(warning.className).toContain('login-system-message');
    expect(screen.getByText('Welcome').className).toContain('alert-info');
  });

  it("shows a message's markup as text: compliance's words never become the page's HTML", async () => {
    const hostile = '<img src=x onerror="alert(1)"><b>Maintenance</b>';
    stubFetch({
      'GET /bff/user': guest,
      'GET /system-message': { body: [{ message: hostile, style: 'danger', location: 'login' }] },
    });
    renderShell('/');
    const alert = await screen.findByText(hostile);
    expect(alert.querySelector('img, b')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows the messages the gateway wrote into the page without asking for them', async () => {
    const removeBlock = writeBootBlock({
      systemMessages: { login: [{ message: 'Written into the page', style: 'success', location: 'login' }] },
    });
    try {
      const { calls } = stubFetch({ 'GET /bff/user': guest });
      renderShell('/');
      expect((await screen.findByText('Written into the page')).className).toContain('alert-success');
      expect(calls.filter((call) => call.url.startsWith('/api/system-message'))).toEqual([]);
    } finally {
      removeBlock();
    }
  });

  it('after a password sign-in records the login with the stored referral id', async () => {
    localStorage.setItem('referralId', 'ref-7');
    let signedIn = false;
    const { calls } = stubFetch({
      'GET /bff/user': () => (signedIn ? { body: broker } : guest),
      'POST /bff/login': () => {
        signedIn = true;
        return { body: broker };
      },
      'POST /user/{userId}/login': { status: 204 },
    });
    renderShell('/');
    await screen.findByLabelText('Username');
    await signInAs('demo.broker');
    await waitFor(() =>
      expect(loginRecords(calls).map((call) => call.body)).toEqual([{ referralId: 'ref-7' }]),
    );
  });

  it('an expired password goes to reset step 1.1 with the username', async () => {
    stubFetch({
      'GET /bff/user': guest,
      'POST /bff/login': {
        status: 400,
        body: { error: 'password_expired', message: 'expired', redirectUrl: '/forgot-password?expired=true' },
      },
    });
    renderShell('/');
    await screen.findByLabelText('Username');
    await signInAs('demo.expired');
    await waitFor(() => expect(currentLocation()).toBe('/forgot-password?expired=true'));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordExpired)).toBeTruthy();
    expect((screen.getByLabelText('Username or e-mail address') as HTMLInputElement).value).toBe(
      'demo.expired',
    );
  });

  it('locked out, invalid and throttled attempts show their messages, in the toast and beside the fields', async () => {
    let answer = { status: 400, body: { error: 'locked_out', message: MESSAGES.lockedOut } as object };
    stubFetch({ 'GET /bff/user': guest, 'POST /bff/login': () => answer });
    renderShell('/');
    await screen.findByLabelText('Username');
    const form = screen.getByRole('form', { name: 'Sign in' });
    const told = async (message: string, { aboutFields = true } = {}) => {
      await waitFor(() => expect(within(form).getByText(message)).toBeTruthy());
      expect(screen.getAllByText(message)).toHaveLength(2);
      // Wrong credentials or a locked account are about both fields; too many attempts about neither.
      for (const label of ['Username', 'Password']) {
        const field = within(form).getByLabelText(label);
        if (!aboutFields) {
          expect(field.getAttribute('aria-invalid')).toBeNull();
          continue;
        }
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(message);
      }
    };
    await signInAs('demo.broker');
    await told(MESSAGES.lockedOut);

    answer = { status: 400, body: { error: 'invalid', message: MESSAGES.invalidLogin } };
    await signInAs('demo.broker');
    await told(MESSAGES.invalidLogin);

    answer = { status: 429, body: { message: ACCOUNT_MESSAGES.tooManyAttempts } };
    await signInAs('demo.broker');
    await told(ACCOUNT_MESSAGES.tooManyAttempts, { aboutFields: false });
  });

  it('a missing password is told beside the password field, and nothing is sent', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': guest });
    renderShell('/');
    await screen.findByLabelText('Username');
    await fillIn('Username', 'demo.broker');
    await clickOn(screen.getByRole('button', { name: 'Secure Sign In' }));
    const form = screen.getByRole('form', { name: 'Sign in' });
    await waitFor(() => expect(within(form).getByText(MESSAGES.missingLogin)).toBeTruthy());
    expect(within(form).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((call) => call.url.includes('/bff/login'))).toEqual([]);
    // Typing again takes the error away from the field.
    await fillIn('Password', 'x');
    expect(within(form).getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(within(form).queryByText(MESSAGES.missingLogin)).toBeNull();
  });

  it('an organization (gsuite) account leaves for the external sign-in page', async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    stubFetch({
      'GET /bff/user': guest,
      'POST /bff/login': {
        status: 400,
        body: {
          error: 'gsuite',
          message: 'external',
          redirectUrl: '/bff/external/login?login_hint=demo.federated',
        },
      },
    });
    renderShell('/');
    await screen.findByLabelText('Username');
    await signInAs('demo.federated');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/bff/external/login?login_hint=demo.federated'));
  });
});

describe('return from the external identity page', () => {
  it('/?signin=failed tells the user and cleans the address', async () => {
    stubFetch({ 'GET /bff/user': guest });
    renderShell('/?signin=failed');
    expect(await screen.findByText(ACCOUNT_MESSAGES.externalSignInFailed)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('records the sign-in once when the app starts signed in after leaving for the external page', async () => {
    jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    stubFetch({
      'GET /bff/user': guest,
      'POST /bff/login': {
        status: 400,
        body: { error: 'gsuite', message: 'external', redirectUrl: '/bff/external/login?login_hint=x' },
      },
    });
    const first = renderShell('/');
    await screen.findByLabelText('Username');
    await signInAs('demo.federated');
    first.unmount();

    // The gateway's callback sends the browser back to / with a session: a fresh page load.
    localStorage.setItem('referralId', 'ref-9');
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'POST /user/{userId}/login': { status: 204 },
    });
    const second = renderShell('/');
    await waitFor(() =>
      expect(loginRecords(calls).map((call) => call.body)).toEqual([{ referralId: 'ref-9' }]),
    );
    second.unmount();

    // A later reload of the same session records nothing.
    const reload = stubFetch({ 'GET /bff/user': { body: broker } });
    renderShell('/');
    await screen.findByRole('navigation', { name: 'User navigation' });
    expect(loginRecords(reload.calls)).toEqual([]);
  });
});
