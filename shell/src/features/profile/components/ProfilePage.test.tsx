import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { MESSAGES, PASSWORD_POLICY_TEXT } from 'shared-domain';
import { broker, stubFetch, type RecordedCall } from 'shared-ui/testing';
import { clickOn, fillIn, renderShell } from '../../../testing/render-shell.js';
import { type ProfileUser } from 'shared-ui';

const profile: ProfileUser = {
  userId: 'u-broker',
  userName: 'demo.broker',
  firstName: 'Demo',
  lastName: 'Broker',
  email: 'broker@example.com',
};
const profilePosts = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.url === '/api/user/u-broker')
    .map((call) => call.body);

afterEach(cleanup);

describe('/profile (Your Profile)', () => {
  it('Change Password? reveals the password fields with the requirements; Cancel Change hides them', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /user/{userId}': { body: profile } });
    renderShell('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Profile' })).toBeTruthy();
    await screen.findByLabelText('First Name');
    expect(screen.queryByLabelText('Enter a new password')).toBeNull();

    await clickOn(screen.getByRole('button', { name: 'Change Password?' }));
    expect(await screen.findByLabelText('Enter a new password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm your new password')).toBeTruthy();
    expect(screen.getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();

    await clickOn(screen.getByRole('button', { name: 'Cancel Change' }));
    expect(screen.queryByLabelText('Enter a new password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change Password?' })).toBeTruthy();
  });

  it('Update Profile POSTs the profile (and the new password when changing it), then toasts', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /user/{userId}': { body: profile },
      'POST /user/{userId}': ({ body }) => ({ body: { ...profile, ...(body as object) } }),
    });
    renderShell('/profile');
    await screen.findByLabelText('First Name');
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('broker@example.com');
    await fillIn('First Name', 'Dana');
    await clickOn(screen.getByRole('button', { name: 'Change Password?' }));
    await fillIn('Enter a new password', 'Another-Pass9');
    await fillIn('Confirm your new password', 'Another-Pass9');
    await clickOn(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
    expect(profilePosts(calls)).toEqual([
      {
        ...profile,
        firstName: 'Dana',
        changePassword: true,
        password: 'Another-Pass9',
        confirmPassword: 'Another-Pass9',
      },
    ]);
  });

  it('without a password change sends empty password fields; a falsy answer aborts silently', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /user/{userId}': { body: profile },
      'POST /user/{userId}': { status: 200 },
    });
    renderShell('/profile');
    await screen.findByLabelText('First Name');
    await clickOn(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() =>
      expect(profilePosts(calls)).toEqual([
        { ...profile, changePassword: false, password: '', confirmPassword: '' },
      ]),
    );
    // Then the answer is read: nothing may follow it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MESSAGES.profileUpdated)).toBeNull();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('changing the password needs both fields', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /user/{userId}': { body: profile },
    });
    renderShell('/profile');
    await screen.findByLabelText('First Name');
    await clickOn(screen.getByRole('button', { name: 'Change Password?' }));
    await clickOn(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(profilePosts(calls)).toEqual([]);
  });
});
