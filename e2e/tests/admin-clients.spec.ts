import { expect, test } from '@playwright/test';
import { demoAccount } from 'shared-domain';
import { signIn } from './support.js';

/**
 * The back office's clients (specs/3-admin.md §2 Clients, §4 "Client page", "Broker removal"):
 * Ironwood Construction LLC, a demo client of demo.broker through Summit Benefits Partners, tax id
 * 12-3456718 (no other journey changes it).
 */
const company = 'Ironwood Construction LLC';

test('compliance searches all clients, opens one (Recently Viewed), edits it, removes its broker and manages its users, each in the change log', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  const recent = page.getByRole('table', { name: 'Recently Viewed' });
  await expect(recent.getByRole('link').first()).toBeVisible();
  await expect(recent.getByRole('link', { name: company })).toHaveCount(0);

  // 'Search All Clients' by the tax id: name, address, city and state.
  await page.getByLabel('Search All Clients').fill('12-3456718');
  const results = page.getByRole('table', { name: 'Search results' });
  const row = results.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('Tucson');
  await expect(row).toContainText('AZ');
  await page.getByLabel('Search All Clients').fill('no such client anywhere');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByLabel('Search All Clients').fill('ironwood');
  await results.getByRole('link', { name: company }).click();

  await expect(page).toHaveURL(/\/admin\/client\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: company, exact: true })).toBeVisible();
  const details = page.getByLabel('Client details');
  await expect(details.getByRole('link', { name: 'Summit Benefits Partners' })).toBeVisible();
  const broker = demoAccount('demo.broker');
  await expect(details).toContainText(`${broker.firstName} ${broker.lastName}`);
  // Its documents: the demo order's number opens its receipt.
  const documents = page.getByRole('table', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: /^\d+$/ }).first()).toHaveAttribute(
    'href',
    /^\/orders\/[0-9a-f-]{36}\/receipt$/,
  );
  await expect(documents.getByText('Paid', { exact: true }).first()).toBeVisible();

  // Opening it made it the first of Recently Viewed.
  await page.goto('/admin/clients');
  await expect(page.getByRole('table', { name: 'Recently Viewed' }).getByRole('link').first()).toHaveText(
    company,
  );
  await page.getByRole('table', { name: 'Recently Viewed' }).getByRole('link', { name: company }).click();

  // Edit: Cancel restores, Save saves, reloads and returns to read mode; the change log says what changed.
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit client' });
  await form.getByLabel('City').fill('Nowhere');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(details).toContainText('Tucson, AZ');
  await page.getByRole('button', { name: 'Edit' }).click();
  // Typed over the masked value with the keyboard, as a person would (the mask follows the keys).
  const phone = form.getByLabel('Phone');
  await phone.click();
  await phone.press('End');
  for (let key = 0; key < '(555) 555-0218'.length; key += 1) await phone.press('Backspace');
  await phone.pressSequentially('5205550142');
  await expect(phone).toHaveValue('(520) 555-0142');
  await form.getByLabel('Legal Entity Type').selectOption('Corp - Sub Chapter S');
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Notes').fill('Prefers calls after 2 PM');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${company} has been updated`)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(details).toContainText('(520) 555-0142');
  await expect(details).toContainText('Corp - Sub Chapter S');
  await expect(details).toContainText('Prefers calls after 2 PM');
  const log = page.getByRole('table', { name: 'Change Log' });
  const edited = log.getByRole('row', { name: /Client details updated/ });
  await expect(edited).toContainText("Phone changed from '(555) 555-0218' to '(520) 555-0142'");
  await expect(edited).toContainText('ERISA account changed from No to Yes');
  await expect(edited).toContainText('demo.compliance');
  await expect(edited.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);

  // Broker removal, after the confirmation; the page reloads without a broker.
  await details.getByRole('button', { name: 'Remove Broker' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Do you want to remove the broker from this client?');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Broker has been removed')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Remove Broker' })).toHaveCount(0);
  await expect(log.getByRole('row', { name: /Broker removed/ })).toContainText(broker.email);

  // The company users panel: add demo.employer, then remove them, each with its toast and its row.
  const users = page.getByRole('region', { name: 'Company Users', exact: true });
  await users.getByRole('button', { name: 'Add User' }).click();
  const search = page.getByRole('dialog');
  await search.getByLabel('Search text').fill('demo.employer');
  await search.getByLabel('Search by').selectOption('username');
  await search.getByRole('button', { name: 'Search' }).click();
  const employer = demoAccount('demo.employer');
  await search.getByRole('button', { name: `Select ${employer.firstName} ${employer.lastName}` }).click();
  await expect(page.getByText('demo.employer has been added to this company')).toBeVisible();
  const member = users.getByRole('row', { name: new RegExp(`${employer.firstName} ${employer.lastName}`) });
  await member.getByRole('button', { name: 'Remove Access' }).click();
  await expect(page.getByText('Remove demo.employer?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('User has been removed from this company')).toBeVisible();
  await expect(users.getByText('No users found')).toBeVisible();
  await expect(log.getByRole('row', { name: /demo\.employer .* added to the company/ })).toBeVisible();
  await expect(log.getByRole('row', { name: /demo\.employer .* removed from the company/ })).toBeVisible();
});
