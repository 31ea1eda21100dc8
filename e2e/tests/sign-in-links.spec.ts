import { expect, test } from '@playwright/test';
import { ACCOUNT_MESSAGES, DEMO_PASSWORD, demoAccount } from 'shared-domain';
import { E2E_PORT, identityCli, urlIn } from './stack.js';

test('/auth?token= signs in once; the same link is refused afterwards', async ({ page }) => {
  const link = urlIn(identityCli('issue-login-token', 'demo.employer'));
  expect(link.pathname).toBe('/auth');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText(demoAccount('demo.employer').firstName, { exact: false }).first(),
  ).toBeVisible();

  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(ACCOUNT_MESSAGES.invalidSignInLink)).toBeVisible();
});

test('the /#/auth?token= landing signs in too, and the token leaves the address bar', async ({ page }) => {
  const link = urlIn(identityCli('issue-login-token', 'demo.broker'));
  await page.goto(`/#/auth${link.search}`);
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
});

test('an identity-provider user goes to the external sign-in page and comes back signed in', async ({
  page,
}) => {
  const federated = demoAccount('demo.federated');
  await page.goto('/');
  await page.getByLabel('Username').fill(federated.username);
  await page.getByLabel('Password').fill('anything-here');
  await page.getByRole('button', { name: 'Secure Sign In' }).click();

  // identity-api's own page plays the external identity provider in demo mode.
  await expect(page.getByRole('heading', { name: 'Sign in with your organization account' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${E2E_PORT + 1001}`);
  await expect(page.getByLabel('Username')).toHaveValue(federated.username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
  await expect(page.getByText(federated.firstName, { exact: false }).first()).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.startsWith('__Host-pop')).map((c) => c.name)).toEqual([
    '__Host-pop.sid',
  ]);
});
