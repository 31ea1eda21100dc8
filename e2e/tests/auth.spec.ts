import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, MESSAGES, demoAccount } from 'shared-domain';
import { signIn } from './support.js';

test('a guest sees the login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Guest navigation' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: /forgot password/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /create account/i })).toBeVisible();
});

test('a guest who opens a private route is sent to the login screen', async ({ page }) => {
  await page.goto('/basket');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
});

test('an empty submit explains what is missing and sends nothing', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/bff/login')) loginCalls.push(request.url());
  });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  // Told beside the fields (and in the toast), the missing field marked.
  await expect(form.getByText(MESSAGES.missingLogin)).toBeVisible();
  await page.getByLabel('Username').fill('demo.broker');
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(form.getByText(MESSAGES.missingLogin)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true');
  expect(loginCalls).toEqual([]);
});

test('a wrong password is refused with the invalid-login message, the right one then signs in', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Username').fill('demo.employer');
  await page.getByLabel('Password').fill('NotThePassword1');
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page.getByRole('form', { name: 'Sign in' }).getByText(MESSAGES.invalidLogin)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();

  // The right password signs in, and the failed attempt's error does not linger over the home page.
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
  // Well inside the toast's own 5 s life, so this proves the sign-in cleared it.
  await expect(page.getByText(MESSAGES.invalidLogin)).toBeHidden({ timeout: 1000 });
});

for (const username of ['demo.admin', 'demo.compliance']) {
  test(`${username} signs in to the admin bar and Order Management`, async ({ page }) => {
    await signIn(page, username);
    const bar = page.getByRole('navigation', { name: 'Admin navigation' });
    for (const item of ['Orders', 'Clients', 'Strategic Partners', 'Users', 'Utilities']) {
      await expect(bar.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
    await expect(page.getByPlaceholder('Order #, Transaction #, or Company Name')).toBeVisible();
    await expect(page.getByText(demoAccount(username).firstName, { exact: false }).first()).toBeVisible();
  });
}

for (const username of ['demo.broker', 'demo.employer']) {
  test(`${username} signs in to the user bar and their documents`, async ({ page }) => {
    await signIn(page, username);
    const bar = page.getByRole('navigation', { name: 'User navigation' });
    for (const item of ['Home', 'Overview', 'Fees']) {
      await expect(bar.getByText(item, { exact: true }).first()).toBeVisible();
    }
    await expect(bar.getByText(/item\(s\) in cart/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
    // An employer is the company: their list has no Client Company Name column (issue 23).
    await expect(page.getByRole('columnheader', { name: 'Client Company Name' })).toHaveCount(
      username === 'demo.broker' ? 1 : 0,
    );
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Order Now' })).toBeVisible();
  });
}

test('logout returns to the login screen and the old cookie is refused', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, 'demo.broker');
  const [cookie] = await page.context().cookies();
  expect(cookie).toBeDefined();

  await page.getByRole('button', { name: demoAccount('demo.broker').firstName, exact: false }).click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('link', { name: 'Logout' }))
    .click();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  expect(await page.context().cookies()).toEqual([]);

  const replay = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-CSRF': '1', Cookie: `${cookie!.name}=${cookie!.value}` },
  });
  expect((await replay.get('/bff/user')).status()).toBe(401);
  expect((await replay.get('/api/order?page=1&pageSize=10')).status()).toBe(401);
  await replay.dispose();
});
