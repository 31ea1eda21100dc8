import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES, PASSWORD_POLICY_TEXT } from 'shared-domain';
import { stubFetch, type RecordedCall } from 'shared-ui/testing';
import { clickOn, currentLocation, fillIn, renderShell } from '../../../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };
const sent = { body: { success: true, message: MESSAGES.passcodeSent } };
const exists = (answer: boolean) => ({ body: { exists: answer } });
/** The account calls (page views are recorded on every navigation and are not the point here). */
const apiCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/') && call.url !== '/api/page-view');

afterEach(cleanup);

async function reachStep2(answers: Parameters<typeof stubFetch>[0] & object) {
  const stub = stubFetch({
    'GET /bff/user': guest,
    'GET /user/exists': exists(true),
    'GET /authentication/password/reset': sent,
    ...answers,
  });
  renderShell('/forgot-password');
  await screen.findByLabelText('Username or e-mail address');
  await fillIn('Username or e-mail address', 'jo@example.com');
  await clickOn(screen.getByRole('button', { name: 'Send Passcode' }));
  expect(await screen.findByText(MESSAGES.passcodeSent)).toBeTruthy();
  await screen.findByLabelText('Passcode');
  return stub;
}

describe('/forgot-password step 1', () => {
  it('an empty username → Invalid username, nothing sent', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': guest });
    renderShell('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    await clickOn(screen.getByRole('button', { name: 'Send Passcode' }));
    expect(await screen.findByText(MESSAGES.invalidUsername)).toBeTruthy();
    expect(apiCalls(calls)).toEqual([]);
  });

  it('an unknown username → Invalid username, no passcode requested', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /user/exists': exists(false),
    });
    renderShell('/forgot-password');
    await fillIn(
      await screen.findByText('Username or e-mail address').then(() => 'Username or e-mail address'),
      'nobody',
    );
    await clickOn(screen.getByRole('button', { name: 'Send Passcode' }));
    expect(await screen.findByText(MESSAGES.invalidUsername)).toBeTruthy();
    expect(apiCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/user/exists?username=nobody',
    ]);
  });

  it('a known user (or e-mail) → checked, passcode sent, toast, step 2 with the password policy', async () => {
    const { calls } = await reachStep2({});
    expect(apiCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/user/exists?username=jo%40example.com',
      'GET /api/authentication/password/reset?username=jo%40example.com',
    ]);
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
    expect(screen.getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();
  });
});

describe('/forgot-password step 2', () => {
  it('any empty field → All fields are required, nothing sent', async () => {
    const { calls } = await reachStep2({});
    await fillIn('Passcode', '123456');
    await fillIn('New password', 'New-Secret1');
    await clickOn(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MESSAGES.allFieldsRequired)).toBeTruthy();
    expect(apiCalls(calls).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('POSTs {username, password, confirm, passcode}, toasts the update and returns to /', async () => {
    const { calls } = await reachStep2({
      'POST /authentication/password/reset': {
        body: { success: true, message: MESSAGES.passwordUpdated },
      },
    });
    await fillIn('Passcode', ' 123456 ');
    await fillIn('New password', 'New-Secret1');
    await fillIn('Confirm new password', 'New-Secret1');
    await clickOn(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeTruthy();
    expect(
      apiCalls(calls)
        .filter((call) => call.method === 'POST')
        .map((call) => call.body),
    ).toEqual([
      { username: 'jo@example.com', password: 'New-Secret1', confirm: 'New-Secret1', passcode: '123456' },
    ]);
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it("a refusal shows the server's message once and stays on step 2", async () => {
    await reachStep2({
      'POST /authentication/password/reset': {
        status: 400,
        body: { success: false, message: ACCOUNT_MESSAGES.invalidPasscode },
      },
    });
    await fillIn('Passcode', '000000');
    await fillIn('New password', 'New-Secret1');
    await fillIn('Confirm new password', 'New-Secret1');
    await clickOn(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.invalidPasscode)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(ACCOUNT_MESSAGES.invalidPasscode)).toHaveLength(1);
    expect(currentLocation()).toBe('/forgot-password');
    expect(screen.getByLabelText('Passcode')).toBeTruthy();
  });
});

describe('/forgot-password?expired=true (step 1.1)', () => {
  it('explains the expiry, prefills the username from the login and sends the reset e-mail at once', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /authentication/password/reset': sent,
    });
    renderShell({
      pathname: '/forgot-password',
      search: '?expired=true',
      state: { username: 'demo.broker' },
    });
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordExpired)).toBeTruthy();
    expect((screen.getByLabelText('Username or e-mail address') as HTMLInputElement).value).toBe(
      'demo.broker',
    );
    await clickOn(screen.getByRole('button', { name: 'Send Reset E-mail' }));
    expect(await screen.findByText(MESSAGES.passcodeSent)).toBeTruthy();
    expect(await screen.findByLabelText('Passcode')).toBeTruthy();
    expect(apiCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/authentication/password/reset?username=demo.broker',
    ]);
  });

  it('opened without the login screen: a typed unknown name is checked → Invalid username, nothing sent', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /user/exists': exists(false),
    });
    renderShell('/forgot-password?expired=true');
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordExpired)).toBeTruthy();
    expect((screen.getByLabelText('Username or e-mail address') as HTMLInputElement).value).toBe('');
    await fillIn('Username or e-mail address', 'nobody');
    await clickOn(screen.getByRole('button', { name: 'Send Reset E-mail' }));
    expect(await screen.findByText(MESSAGES.invalidUsername)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.passcodeSent)).toBeNull();
    expect(apiCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/user/exists?username=nobody',
    ]);
  });

  it('a name typed over the one from the login screen is checked before the passcode is requested', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /user/exists': exists(true),
      'GET /authentication/password/reset': sent,
    });
    renderShell({
      pathname: '/forgot-password',
      search: '?expired=true',
      state: { username: 'demo.broker' },
    });
    await screen.findByText(ACCOUNT_MESSAGES.passwordExpired);
    await fillIn('Username or e-mail address', 'jo@example.com');
    await clickOn(screen.getByRole('button', { name: 'Send Reset E-mail' }));
    expect(await screen.findByText(MESSAGES.passcodeSent)).toBeTruthy();
    expect(apiCalls(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/user/exists?username=jo%40example.com',
      'GET /api/authentication/password/reset?username=jo%40example.com',
    ]);
  });
});
