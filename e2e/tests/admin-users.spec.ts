import { expect, test } from '@playwright/test';
import { registerAccount } from './accounts.js';
import { signIn } from './support.js';

/**
 * The back office's users and companies (specs/3-admin.md §2 Users, §7, §8): compliance finds a user,
 * links and unlinks another ('User Linked'), adds companies ('Added …') and removes them ('Removed …').
 * Two fresh accounts, and two demo clients no other journey looks at (Elm Street Pharmacy, Juniper
 * Café & Bakery); everything is undone at the end.
 */
test('compliance searches users, links and unlinks them, and adds and removes companies with their toasts', async ({
  page,
  request,
}) => {
  const first = await registerAccount(request, 'links.first');
  const second = await registerAccount(request, 'links.second');

  await signIn(page, 'demo.compliance');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();

  // The user search modal: nothing found, then by username, a click selects the row.
  await page.getByRole('button', { name: 'Find User' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search text').fill('nobody by that name at all');
  await dialog.getByLabel('Search by').selectOption({ label: 'Full Name' });
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByText('No results found')).toBeVisible();
  await dialog.getByLabel('Search text').fill(first.username);
  await dialog.getByLabel('Search by').selectOption({ label: 'Username' });
  await dialog.getByRole('button', { name: 'Search' }).click();
  const row = dialog.getByRole('button', { name: 'Select Test Person' });
  await expect(row).toContainText(first.email);
  await expect(row).toContainText('employer');
  await row.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Selected user')).toContainText(first.username);
  await expect(page.getByText('No linked users')).toBeVisible();

  // Link the second account by e-mail: 'User Linked', and it is listed.
  await page.getByRole('button', { name: 'Link User' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search text').fill(second.email);
  await dialog.getByLabel('Search by').selectOption({ label: 'Email' });
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('button', { name: 'Select Test Person' }).click();
  await expect(page.getByText('User Linked')).toBeVisible();
  const linked = page.getByRole('table', { name: 'Linked Users' });
  await expect(linked.getByRole('row', { name: new RegExp(second.username) })).toBeVisible();

  // A link is mutual: the second account lists the first.
  await page.getByRole('button', { name: 'Find User' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search text').fill(second.username);
  await dialog.getByLabel('Search by').selectOption({ label: 'Username' });
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('button', { name: 'Select Test Person' }).click();
  await expect(page.getByLabel('Selected user')).toContainText(second.username);
  await expect(linked.getByRole('row', { name: new RegExp(first.username) })).toBeVisible();

  // Unlink.
  await page.getByRole('button', { name: `Unlink ${first.username}` }).click();
  await expect(page.getByText('No linked users')).toBeVisible();

  // Companies: none yet; add two, one search each ('Added' plus the names).
  const companies = page.getByRole('table', { name: 'Companies', exact: true });
  await expect(page.getByText('No companies')).toBeVisible();
  await page.getByLabel('Company search text').fill('Elm Street Pharmacy');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByLabel('Elm Street Pharmacy').check();
  await page.getByRole('button', { name: 'Add Selected' }).click();
  await expect(page.getByText('Added Elm Street Pharmacy')).toBeVisible();
  await expect(companies.getByLabel('Elm Street Pharmacy')).toBeVisible();
  await page.getByLabel('Company search text').fill('Juniper');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Add Companies' }).getByLabel('Juniper Café & Bakery').check();
  await page.getByRole('button', { name: 'Add Selected' }).click();
  await expect(page.getByText('Added Juniper Café & Bakery')).toBeVisible();
  await expect(companies.getByLabel('Juniper Café & Bakery')).toBeVisible();
  await expect(companies).toContainText('IL');

  // Remove both at once ('Removed' plus the names).
  await companies.getByLabel('Elm Street Pharmacy').check();
  await companies.getByLabel('Juniper Café & Bakery').check();
  await page.getByRole('button', { name: 'Remove Selected' }).click();
  await expect(page.getByText('Removed Elm Street Pharmacy, Juniper Café & Bakery')).toBeVisible();
  await expect(page.getByText('No companies')).toBeVisible();
});
