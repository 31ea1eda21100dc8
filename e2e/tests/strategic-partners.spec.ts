import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { demoAccount } from 'shared-domain';
import { fillOrderForm } from './order-form.js';
import { signIn } from './support.js';

/**
 * The back office's strategic partners (specs/3-admin.md §2, §4; issue 12 acceptance): compliance
 * creates a partner, edits its labels, adds each of the five rules, and the rules act on the order
 * form a broker opens through the partner: its label and help text, the excluded states, the bypass
 * ('POP Document Form', 'Save Document'), and once the bypass is removed, the custom price.
 */
const rulesOf = (page: Page) => page.getByRole('region', { name: 'Rules' });

async function addRule(
  page: Page,
  displayName: string,
  fill: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await rulesOf(page).getByLabel('Add a rule').selectOption({ label: displayName });
  const form = page.getByRole('form', { name: `${displayName} rule` });
  await fill(form);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Rule has been saved').last()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Assigned rules' }).getByRole('cell', { name: displayName, exact: true }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Close' }).click();
}

test('compliance creates a partner with labels and the five rules, and a broker sees them act', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signIn(admin, 'demo.compliance');
  await admin.goto('/admin/strategic-partners');
  await admin.getByRole('link', { name: 'Create Strategic Partner' }).click();
  await expect(admin).toHaveURL(/\/admin\/strategic-partner\/new$/);
  await expect(admin.getByRole('heading', { name: 'New Strategic Partner' })).toBeVisible();

  // A new partner opens in edit mode; the masks format as typed; a name is required.
  const name = `Northwind Benefits ${Date.now()}`;
  const form = admin.getByRole('form', { name: 'Strategic partner' });
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).pressSequentially('3035550199');
  await expect(form.getByLabel('Phone', { exact: true })).toHaveValue('(303) 555-0199');
  await form.getByLabel('Federal Tax ID', { exact: true }).pressSequentially('847654321');
  await expect(form.getByLabel('Federal Tax ID', { exact: true })).toHaveValue('84-7654321');
  await form.getByLabel('Address Line 1', { exact: true }).fill('1 Market Street');
  await form.getByLabel('City', { exact: true }).fill('Denver');
  await form.getByLabel('State', { exact: true }).selectOption('CO');
  await form.getByLabel('Zip Code', { exact: true }).pressSequentially('80202');
  await form.getByLabel('Custom URL', { exact: true }).fill('https://northwind.example');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText(`${name} has been added`)).toBeVisible();

  // Save returns to the list, which shows the partner.
  await expect(admin).toHaveURL(/\/admin\/strategic-partners$/);
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('1 Market Street');
  await expect(row).toContainText('https://northwind.example');
  await row.getByRole('link', { name }).click();
  await expect(admin).toHaveURL(/\/admin\/strategic-partner\/[0-9a-f-]{36}\/details$/);
  const partnerId = /strategic-partner\/([0-9a-f-]{36})\/details/.exec(admin.url())![1]!;
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  const referral = await admin.getByLabel('Referral Link').inputValue();
  expect(referral).toMatch(/\/#\/referral\/[a-z0-9]{10}$/);

  // Edit, then Cancel: the copy as loaded comes back.
  await admin.getByRole('button', { name: 'Edit' }).click();
  await admin
    .getByRole('form', { name: 'Strategic partner' })
    .getByLabel('City', { exact: true })
    .fill('Boulder');
  await admin
    .getByRole('form', { name: 'Strategic partner' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(admin.getByRole('form', { name: 'Strategic partner' })).toHaveCount(0);
  await expect(admin.getByText('Denver', { exact: true })).toBeVisible();

  // Labels: the account id field gets a label and help text, shown on the order form.
  const labels = admin.getByRole('table', { name: 'Fields' });
  await labels.getByLabel('Label of account-id', { exact: true }).fill('Northwind Member Number');
  await labels.getByLabel('Help text of account-id', { exact: true }).fill('The number on the member card');
  await labels.getByLabel('account-id visible', { exact: true }).check();
  await admin.getByRole('button', { name: 'Save Labels' }).click();
  await expect(admin.getByText('Labels updated')).toBeVisible();

  // The five rules.
  await addRule(admin, 'Auto-Renew', async (rule) => {
    await expect(rule.getByLabel('Days Prior')).toHaveValue('3');
    await rule.getByLabel('Product').selectOption({ label: 'POP Document' });
  });
  await addRule(admin, 'Bypass Shopping Cart', async (rule) => {
    await expect(rule.getByLabel('Bypass shopping cart')).toBeChecked();
  });
  await addRule(admin, 'Custom Pricing', async (rule) => {
    await rule.getByLabel('Price', { exact: true }).fill('150');
    await rule.getByLabel('Price with Commission').fill('175');
  });
  await addRule(admin, 'Exclude States', async (rule) => {
    await rule.getByLabel('States').fill('ca, NY');
  });
  await addRule(admin, 'Link Account ID to Promo Code', async (rule) => {
    await expect(rule.getByLabel('Link account id to promo code')).toBeChecked();
  });
  const assigned = admin.getByRole('table', { name: 'Assigned rules' });
  await expect(assigned.getByRole('row')).toHaveCount(6);
  await expect(assigned).toContainText('POP Document: 3 days prior');
  await expect(assigned).toContainText('$150.00 / $175.00 with commission');
  await expect(assigned).toContainText('CA, NY');

  // Only an entitled account gets a partner's form, price and bypass (issue 21): compliance adds the
  // broker to the partner's users.
  const users = admin.getByRole('region', { name: 'Company Users', exact: true });
  await users.getByRole('button', { name: 'Add User' }).click();
  const search = admin.getByRole('dialog');
  await search.getByLabel('Search text').fill('demo.broker');
  await search.getByLabel('Search by').selectOption('username');
  await search.getByRole('button', { name: 'Search' }).click();
  const brokerAccount = demoAccount('demo.broker');
  await search
    .getByRole('button', { name: `Select ${brokerAccount.firstName} ${brokerAccount.lastName}` })
    .click();
  await expect(admin.getByText('demo.broker has been added to this company')).toBeVisible();

  // A broker opens the partner's order form: the label, the excluded states, the bypass.
  const broker = await browser.newPage();
  await signIn(broker, 'demo.broker');
  await broker.goto(`/document/new/${partnerId}`);
  await expect(broker.getByRole('heading', { name: 'POP Document Form' })).toBeVisible();
  await expect(broker.getByLabel('Northwind Member Number', { exact: true })).toBeVisible();
  await expect(broker.getByText('The number on the member card')).toBeVisible();
  const state = broker.getByLabel('State', { exact: true });
  await expect(state.getByRole('option', { name: 'Texas' })).toBeAttached();
  for (const excluded of ['California', 'New York']) {
    await expect(state.getByRole('option', { name: excluded, exact: true })).toHaveCount(0);
  }
  await fillOrderForm(broker, `Northwind Client ${Date.now()}`);
  await expect(broker.getByRole('region', { name: 'Payment Options' })).toHaveCount(0);
  await broker.getByRole('button', { name: 'Save Document' }).click();
  await expect(broker.getByText('The document has been saved')).toBeVisible();

  // Compliance removes the bypass: the broker's form goes through the cart at the partner's price.
  await assigned.getByRole('button', { name: 'Open Bypass Shopping Cart' }).click();
  await admin
    .getByRole('form', { name: 'Bypass Shopping Cart rule' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(admin.getByText('Rule has been removed')).toBeVisible();
  await expect(assigned.getByRole('row')).toHaveCount(5);

  await broker.goto(`/document/new/${partnerId}`);
  await expect(broker.getByRole('heading', { name: 'POP Document Form' })).toHaveCount(0);
  await fillOrderForm(broker, `Northwind Paying Client ${Date.now()}`);
  const payment = broker.getByRole('region', { name: 'Payment Options' });
  await expect(payment.getByRole('option', { name: 'Commission included [+$25.00]' })).toBeAttached();
  await expect(payment.getByTestId('document-price')).toHaveText('$175.00');
  await broker.close();

  // The referral link, in its hash form, lands on the shell's referral page (which keeps the id).
  const guest = await browser.newPage();
  await guest.goto(referral.replace(/^https?:\/\/[^/]+/, ''));
  await expect(guest).toHaveURL(/\/$/);
  await expect(guest.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  expect(await guest.evaluate(() => localStorage.getItem('referralId'))).toBe(referral.split('/').pop());
  await guest.close();

  // A partner with clients is not deleted; a partner with none is ('Record has been deleted').
  await admin.getByRole('button', { name: 'Delete' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText(/cannot be deleted: it still has/)).toBeVisible();
  await admin.close();
});

test('compliance deletes a partner nothing names', async ({ page }) => {
  await signIn(page, 'demo.compliance');
  await page.goto('/admin/strategic-partner/new');
  const name = `Short Lived Partner ${Date.now()}`;
  await page.getByRole('form', { name: 'Strategic partner' }).getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} has been added`)).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('link', { name })
    .click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Record has been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/strategic-partners$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
