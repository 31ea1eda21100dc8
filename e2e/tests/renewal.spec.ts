import { expect, test, type Page } from '@playwright/test';
import { demoId } from 'service-kit/server';
import { next } from './order-form.js';
import { documentRow } from './documents.js';
import { signIn } from './support.js';

/** The demo documents ready for renewal: the broker's oldest (Lakeside Marina), the employer's old one. */
const brokersReady = demoId('broker document 11');
const employersReady = demoId('employer document 1');

const api = (page: Page, path: string) =>
  page.request.get(`/api/${path}`, { headers: { 'X-CSRF': '1' } }).then((response) => response.json());

test('a broker renews a ready document: next plan year, same answers, through the cart', async ({ page }) => {
  await signIn(page, 'demo.broker');
  const old = await api(page, `epop-document/${brokersReady}`);
  expect(old.readyForRenewal).toBe(true);

  const row = await documentRow(page, 'Lakeside Marina');
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('link', { name: 'Renew', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${brokersReady}/renew$`));
  await expect(page.getByRole('heading', { name: 'POP Document Order Form' })).toBeVisible();
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue('Lakeside Marina');
  await next(page);
  // start = old end + 1 day; end = start + 1 year - 1 day (MM/DD/YYYY on the form).
  const oldEnd = new Date(`${old.currentPlanYearEndDate}T12:00:00Z`);
  const start = new Date(oldEnd.getTime() + 86_400_000);
  const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate() - 1));
  const mmddyyyy = (date: Date) =>
    `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
  await expect(page.getByLabel('Plan Year Start Date', { exact: true })).toHaveValue(mmddyyyy(start));
  await expect(page.getByLabel('Plan Year End Date', { exact: true })).toHaveValue(mmddyyyy(end));
  // A renewal clears last year's "Other" date of eligibility (Lakeside's): it is answered afresh.
  const otherDate = page.getByLabel('Other Date of Eligibility', { exact: true });
  await expect(otherDate).toHaveValue('');
  await otherDate.fill(mmddyyyy(start));
  await page.getByRole('tab', { name: 'Step 4 - Complete' }).click();
  await page
    .getByRole('region', { name: 'Payment Options' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('row', { name: /Lakeside Marina/ })).toContainText('$300.00');
});

test('compliance renews without purchase, and the document is not offered renewal again', async ({
  page,
}) => {
  await signIn(page, 'demo.compliance');
  await page.goto(`/document/${employersReady}/admin/renew`);
  await expect(page.getByRole('heading', { name: 'POP Document Form' })).toBeVisible();
  await page.getByRole('tab', { name: 'Complete Document' }).click();
  await expect(page.getByText('Originating Document ID')).toContainText(employersReady);
  await page.getByRole('button', { name: 'Create Free Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
  const old = await api(page, `epop-document/${employersReady}`);
  expect(old.readyForRenewal).toBe(false);
  // The page for a document renewed once says so instead of a second renewal.
  await page.goto(`/document/${employersReady}/admin/renew`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This document is not ready for renewal',
  );
});
