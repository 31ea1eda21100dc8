import { expect, test } from '@playwright/test';
import { demoAccount } from 'shared-domain';
import { demoId } from 'service-kit/server';
import { signIn } from './support.js';

/** The client details page (specs/2-documents.md §2 "Client details page", "Company users panel"). */
test('a broker opens a client, sees its details and documents, and adds and removes a company user', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  // From My POP Documents: the client name links to the client page.
  const firstClient = page.getByRole('row').nth(1).locator('a[href^="/client/"]');
  const clientName = (await firstClient.textContent())!.trim();
  await firstClient.click();
  await expect(page).toHaveURL(/\/client\/[^/]+$/);
  await expect(page.getByRole('heading', { name: clientName, exact: true })).toBeVisible();

  const details = page.getByLabel('Client details');
  for (const label of [
    'Address',
    'Phone',
    'Federal Tax ID',
    'Legal Entity Type',
    'State of Legal Construction',
  ]) {
    await expect(details.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(details.getByText(/^\(\d{3}\) \d{3}-\d{4}$/)).toBeVisible();
  await expect(details.getByText(/^\d{2}-\d{7}$/)).toBeVisible();

  const documents = page.getByRole('region', { name: 'Documents', exact: true });
  const firstDocument = documents.getByRole('link', { name: 'POP Document' }).first();
  await expect(firstDocument).toHaveAttribute('href', /^\/document\/[0-9a-f-]{36}$/);

  const users = page.getByRole('region', { name: 'Company Users', exact: true });
  await expect(users.getByText('No users found')).toBeVisible();

  // Add User: the broker finds demo.employer by their exact username.
  await users.getByRole('button', { name: 'Add User' }).click();
  const search = page.getByRole('dialog');
  await search.getByLabel('Search text').fill('demo.employer');
  await search.getByLabel('Search by').selectOption('username');
  await search.getByRole('button', { name: 'Search' }).click();
  const employer = demoAccount('demo.employer');
  await search.getByRole('button', { name: `Select ${employer.firstName} ${employer.lastName}` }).click();
  await expect(page.getByText('demo.employer has been added to this company')).toBeVisible();
  const row = users.getByRole('row', { name: new RegExp(`${employer.firstName} ${employer.lastName}`) });
  await expect(row).toContainText('demo.employer');
  await expect(row).toContainText(employer.email);

  // Remove Access, after the confirmation.
  await row.getByRole('button', { name: 'Remove Access' }).click();
  await expect(page.getByText('Remove demo.employer?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('User has been removed from this company')).toBeVisible();
  await expect(users.getByText('No users found')).toBeVisible();
});

test("another's client or an unknown id shows a clear message, not the page", async ({ page }) => {
  await signIn(page, 'demo.broker');
  // demo.employer's own company: a client, but not demo.broker's.
  for (const clientId of [demoId('client employer'), '00000000-0000-4000-8000-00000000abcd']) {
    await page.goto(`/client/${clientId}`);
    await expect(page.getByRole('heading', { name: 'Client not found' })).toBeVisible();
    await expect(
      page.getByText('This client does not exist, or it is not one of your clients.'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Company Users', exact: true })).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
});
