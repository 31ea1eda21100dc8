import { expect, test } from '@playwright/test';
import { signIn } from './support.js';

test('a broker reaches the cart and a client page through the shell', async ({ page }) => {
  await signIn(page, 'demo.broker');
  await page.getByRole('button', { name: /item\(s\) in cart/ }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();

  await page.getByRole('navigation', { name: 'User navigation' }).getByText('Home', { exact: true }).click();
  // The client name links to the client page (the order number's receipt link returns with its endpoint).
  const firstClient = page.getByRole('row').nth(1).locator('a[href^="/client/"]');
  const clientName = (await firstClient.textContent())!.trim();
  await firstClient.click();
  await expect(page).toHaveURL(/\/client\/[^/]+$/);
  await expect(page.getByRole('heading', { name: clientName, exact: true })).toBeVisible();
});

test('compliance reaches each admin page from the admin bar', async ({ page }) => {
  await signIn(page, 'demo.compliance');
  const bar = page.getByRole('navigation', { name: 'Admin navigation' });
  for (const title of ['Clients', 'Strategic Partners', 'Users', 'Utilities']) {
    await bar.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await bar.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
});

test('a broker who opens an admin route is sent home', async ({ page }) => {
  await signIn(page, 'demo.broker');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
});
