import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, MESSAGES } from 'shared-domain';
import { NEW_PASSWORD, registerAccount, uniqueUsername } from './accounts.js';
import { latestPasscodeMailTo, latestVerificationLinkTo, passcodeOf } from './mail.js';
import { identityCli, urlIn } from './stack.js';
import { signIn, signOut } from './support.js';

async function enterPasscodeAndPassword(page: Page, passcode: string, password: string) {
  await page.getByLabel('Passcode').fill(passcode);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: /save|update|reset/i }).click();
}

test('registration with a referral id, then sign-in to the home page', async ({ page }) => {
  await page.goto('/referral/partner-42');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/create-account$/);

  const username = uniqueUsername('reg');
  await page.getByLabel('Producer/Broker').check();
  await page.getByLabel(/^First Name/).fill('Renée');
  await page.getByLabel(/^Last Name/).fill("O'Hara");
  await page.getByLabel(/^Company Name/).fill('Hara & Sons');
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Email Address/).fill(`${username}@example.com`);
  await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);

  const registration = page.waitForRequest((r) => r.url().endsWith('/api/user') && r.method() === 'POST');
  await page.getByRole('button', { name: /create account/i }).click();
  const body = (await registration).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    accountType: 'broker',
    firstname: encodeURIComponent('Renée'),
    lastname: encodeURIComponent("O'Hara"),
    companyName: encodeURIComponent('Hara & Sons'),
    username,
    referralId: 'partner-42',
  });
  await expect(page.getByText(MESSAGES.accountCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, username, NEW_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
  await expect(page.getByText('Renée', { exact: false }).first()).toBeVisible();
});

test('registration e-mails a verification link, which verifies the address once', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'verify');
  const link = await latestVerificationLinkTo(account.email);
  await page.goto(link);
  await expect(page.getByText(`${ACCOUNT_MESSAGES.emailVerified}: ${account.email}`)).toBeVisible();
  // The token leaves the address bar at once, and the link works once.
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.goto(link);
  await expect(page.getByText(ACCOUNT_MESSAGES.invalidVerificationLink)).toBeVisible();
});

test('forgot password: the passcode from the e-mail sets a new password', async ({ page, request }) => {
  const account = await registerAccount(request, 'forgot');
  await page.goto('/');
  await page.getByRole('link', { name: /forgot password/i }).click();

  // An unknown username is refused before anything is sent.
  await page.getByLabel('Username or e-mail address').fill('nobody.at.all');
  await page.getByRole('button', { name: /send|continue|next/i }).click();
  await expect(page.getByText(MESSAGES.invalidUsername)).toBeVisible();

  await page.getByLabel('Username or e-mail address').fill(account.username);
  await page.getByRole('button', { name: /send|continue|next/i }).click();
  await expect(page.getByText(MESSAGES.passcodeSent)).toBeVisible();

  // Step 2 insists on every field.
  await page.getByRole('button', { name: /save|update|reset/i }).click();
  await expect(page.getByText(MESSAGES.allFieldsRequired)).toBeVisible();

  const passcode = passcodeOf(await latestPasscodeMailTo(account.email));
  const changed = 'Changed2026Pass';
  await enterPasscodeAndPassword(page, passcode, changed);
  await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, account.username, changed);
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
});

test('an expired password leads to the reset at step 1.1, then the new password signs in', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'expired');
  identityCli('expire-password', account.username);

  await page.goto('/');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?expired=true$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordExpired)).toBeVisible();

  await page.getByLabel('Username or e-mail address').fill(account.username);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(MESSAGES.passcodeSent)).toBeVisible();
  const changed = 'Renewed2026Pass';
  await enterPasscodeAndPassword(page, passcodeOf(await latestPasscodeMailTo(account.email)), changed);
  await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();

  await signIn(page, account.username, changed);
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
});

test('repeated wrong passwords lock the account; a password reset unlocks it', async ({ page, request }) => {
  const account = await registerAccount(request, 'locked');
  await page.goto('/');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(`Wrong${attempt}Password`);
    await page.getByRole('button', { name: 'Secure Sign In' }).click();
    await expect(
      page.getByText(attempt < 5 ? MESSAGES.invalidLogin : MESSAGES.lockedOut).first(),
    ).toBeVisible();
  }
  // Locked: even the right password is refused now.
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page.getByText(MESSAGES.lockedOut).first()).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByLabel('Username or e-mail address').fill(account.username);
  await page.getByRole('button', { name: /send|continue|next/i }).click();
  await expect(page.getByText(MESSAGES.passcodeSent)).toBeVisible();
  const changed = 'Unlocked2026Pass';
  await enterPasscodeAndPassword(page, passcodeOf(await latestPasscodeMailTo(account.email)), changed);
  await expect(page.getByText(MESSAGES.passwordUpdated)).toBeVisible();
  await signIn(page, account.username, changed);
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
});

test('first-time setup from an invitation token', async ({ page }) => {
  const username = uniqueUsername('invited');
  const link = urlIn(
    identityCli(
      'invite-user',
      '--username',
      username,
      '--email',
      `${username}@example.com`,
      '--first',
      'Ivy',
      '--last',
      'Invited',
      '--role',
      'broker',
    ),
  );
  expect(link.pathname).toMatch(/^\/first-time-setup\/[\w-]+$/);

  await page.goto(link.pathname);
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Ivy');
  await expect(page.getByLabel(/^Last Name/)).toHaveValue('Invited');
  await expect(page.getByLabel(/^Username/)).toHaveValue(username);
  await expect(page.getByLabel(/^Email Address/)).toHaveValue(`${username}@example.com`);
  await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Complete Account Setup' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, username, NEW_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();

  // The link is single-use.
  await signOut(page);
  await page.goto(link.pathname);
  await expect(page.getByText(ACCOUNT_MESSAGES.invalidSetupLink)).toBeVisible();
});

test('profile edit without and with a password change', async ({ page, request }) => {
  const account = await registerAccount(request, 'profile');
  await signIn(page, account.username, account.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expect(page.getByLabel(/^Username/)).toHaveValue(account.username);

  await page.getByLabel(/^First Name/).fill('Edited');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Edited');

  await page.getByRole('button', { name: 'Change Password?' }).click();
  await expect(page.getByLabel('Enter a new password')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Change' }).click();
  await expect(page.getByLabel('Enter a new password')).toBeHidden();
  await page.getByRole('button', { name: 'Change Password?' }).click();
  const changed = 'Profile2026Pass';
  await page.getByLabel('Enter a new password').fill(changed);
  await page.getByLabel('Confirm your new password').fill(changed);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(MESSAGES.profileUpdated).first()).toBeVisible();

  await signOut(page);
  await signIn(page, account.username, changed);
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
});
