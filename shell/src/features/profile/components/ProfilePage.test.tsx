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
/** The profile's address as identity-api counts it: verified, nothing waiting (the page says nothing). */
const verified = { email: 'broker@example.com', verified: true, pendingEmail: null };
const profilePosts = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.url === '/api/user/u-broker')
    .map((call) => call.body);

afterEach(cleanup);

describe('/profile (Your Profile)', () => {
  it('Change Password? reveals the password fields with the requirements; Cancel Change hides them', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /user/{userId}': { body: profile },
      'GET /user/{userId}/email-verification': { body: verified },
    });
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
      'GET /user/{userId}/email-verification': { body: verified },
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
      'GET /user/{userId}/email-verification': { body: verified },
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
      'GET /user/{userId}/email-verification': { body: verified },
    });
    renderShell('/profile');
    await screen.findByLabelText('First Name');
    await clickOn(screen.getByRole('button', { name: 'Change Password?' }));
    await clickOn(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(profilePosts(calls)).toEqual([]);
  });

  it('says when a changed address waits for its link (the verified one stays in force), and sends it again', async () => {
    let pendingEmail: string | null = null;
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /user/{userId}': { body: profile },
      'GET /user/{userId}/email-verification': () => ({ body: { ...verified, pendingEmail } }),
      // identity-api keeps the verified address in force: the answer still names it.
      'POST /user/{userId}': () => {
        pendingEmail = 'moved@example.com';
        return { body: profile };
      },
      'POST /user/{userId}/email-verification': {
        body: {
          message: 'A verification link has been sent to moved@example.com',
          email: 'moved@example.com',
        },
      },
    });
    renderShell('/profile');
    await screen.findByLabelText('First Name');
    expect(screen.queryByRole('alert', { name: 'E-mail verification' })).toBeNull();
    await fillIn('Email Address', 'moved@example.com');
    await clickOn(screen.getByRole('button', { name: 'Update Profile' }));

    const notice = await screen.findByLabelText('E-mail verification');
    expect(notice.textContent).toContain('We sent a verification link to moved@example.com');
    expect(notice.textContent).toContain('Until you open it, broker@example.com stays your e-mail address');
    await clickOn(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A verification link has been sent to moved@example.com')).toBeTruthy();
    expect(
      calls.filter((call) => call.url === '/api/user/u-broker/email-verification' && call.method === 'POST'),
    ).toHaveLength(1);
  });

  it('says when the address in force is not verified yet', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /user/{userId}': { body: profile },
      'GET /user/{userId}/email-verification': { body: { ...verified, verified: false } },
    });
    renderShell('/profile');
    const notice = await screen.findByLabelText('E-mail verification');
    expect(notice.textContent).toContain('Your e-mail address broker@example.com is not verified yet');
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });
});
