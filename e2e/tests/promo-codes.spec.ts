import { expect, test, type Page } from '@playwright/test';
import { PROMO_CODE_MESSAGES } from 'shared-domain';
import { signIn } from './support.js';

/** The promo-code screens (specs/3-admin.md §2 Utilities, §5 "Promo code editor", §8). */

const list = (page: Page) => page.getByRole('table', { name: 'Promo Codes' });
const rowOf = (page: Page, code: string) =>
  list(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: code, exact: true }) });

/** The terms the API keeps for a code, read as the editor reads them. */
async function storedTerms(page: Page, code: string) {
  const answer = await page.request.get('/api/discount', { headers: { 'X-CSRF': '1' } });
  expect(answer.ok()).toBe(true);
  const codes = (await answer.json()) as {
    code: string;
    percentage: number | null;
    amount: number | null;
    maxDollarAmount: number | null;
    productId: string | null;
    type: string;
    startDate: string;
    endDate: string;
  }[];
  return codes.find((found) => found.code === code);
}

test('compliance creates, edits and deletes a promo code', async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'demo.compliance');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Utilities', exact: true })
    .click();
  await page
    .getByRole('navigation', { name: 'Utilities' })
    .getByRole('link', { name: 'Promo Codes' })
    .click();
  await expect(page).toHaveURL(/\/admin\/utilities\/promo-code$/);
  // The demo's codes are listed ('--' where a code has no amount or no maximum).
  await expect(list(page)).toBeVisible();

  // New: 15% off the total, at most $100.00, for all products.
  await page.getByRole('link', { name: 'New Promo Code', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/utilities\/promo-code\/new$/);
  await expect(page.getByRole('heading', { name: 'New Promo Code' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('radio', { name: '%', exact: true }).check();
  await page.getByLabel('Percentage', { exact: true }).fill('15');
  await page.getByLabel('Maximum dollar amount', { exact: true }).fill('100');
  // The date fields read the specs' formats: MM/DD/YYYY and MMDDYYYY.
  await page.getByLabel('Start Date', { exact: true }).fill('03/01/2026');
  await page.getByLabel('End Date', { exact: true }).fill('12312026');
  await page.getByLabel('End Date', { exact: true }).blur();
  await expect(page.getByLabel('End Date', { exact: true })).toHaveValue('12/31/2026');
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('');
  await page.getByRole('radio', { name: 'Total', exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page.getByText(PROMO_CODE_MESSAGES.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/utilities\/promo-code$/);
  await expect(rowOf(page, code).getByRole('cell')).toHaveText([
    code,
    'Total',
    '15%',
    '--',
    '$100.00',
    'All products',
    '03/01/2026',
    '12/31/2026',
    '0',
    'Delete',
  ]);
  expect(await storedTerms(page, code)).toMatchObject({
    percentage: 15,
    amount: null,
    maxDollarAmount: 100,
    productId: null,
    type: 'Total',
    startDate: '2026-03-01',
    endDate: '2026-12-31',
  });

  // Edit: the $ choice saves an amount ($40.00 off each POP Document) and no percentage.
  await rowOf(page, code).getByRole('cell', { name: 'All products' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Promo Code' })).toBeVisible();
  await expect(page.getByLabel('Percentage', { exact: true })).toHaveValue('15');
  await page.getByRole('radio', { name: '$', exact: true }).check();
  await page.getByLabel('Amount', { exact: true }).fill('40');
  await page.getByLabel('Maximum dollar amount', { exact: true }).fill('');
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'POP Document' });
  await page.getByRole('radio', { name: 'Product', exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page.getByText(PROMO_CODE_MESSAGES.saved).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/utilities\/promo-code$/);
  await expect(rowOf(page, code).getByRole('cell')).toHaveText([
    code,
    'Product',
    '--',
    '$40.00',
    '--',
    'POP Document',
    '03/01/2026',
    '12/31/2026',
    '0',
    'Delete',
  ]);
  expect(await storedTerms(page, code)).toMatchObject({
    percentage: null,
    amount: 40,
    maxDollarAmount: null,
    type: 'Product',
  });
  // Opened again, the editor shows the $ choice.
  await rowOf(page, code).getByRole('link', { name: code }).click();
  await expect(page.getByRole('radio', { name: '$', exact: true })).toBeChecked();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('40');
  await page.getByRole('link', { name: 'Cancel' }).click();

  // Delete, after the confirmation.
  await rowOf(page, code)
    .getByRole('button', { name: `Delete ${code}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Delete the promo code ${code}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(PROMO_CODE_MESSAGES.deleted)).toBeVisible();
  await expect(rowOf(page, code)).toHaveCount(0);
  await page.reload();
  await expect(list(page)).toBeVisible();
  await expect(rowOf(page, code)).toHaveCount(0);
  expect(await storedTerms(page, code)).toBeUndefined();
});

test("the server's refusal keeps the editor open with its reason", async ({ page }) => {
  await signIn(page, 'demo.compliance');
  // A code that exists already, typed in another case (codes are matched case-insensitively).
  await page.goto('/admin/utilities/promo-code');
  const existing = (await list(page).getByRole('row').nth(1).getByRole('link').first().textContent())!.trim();
  await page.getByRole('link', { name: 'New Promo Code', exact: true }).click();
  await page.getByLabel('Code', { exact: true }).fill(existing.toLowerCase());
  await page.getByLabel('Percentage', { exact: true }).fill('5');
  await page.getByLabel('Start Date', { exact: true }).fill('2026-01-01');
  await page.getByLabel('End Date', { exact: true }).fill('2026-12-31');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`The promo code ${existing.toLowerCase()} already exists`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Promo Code' })).toBeVisible();
});
