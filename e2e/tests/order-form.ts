import { expect, type Page } from '@playwright/test';
import { formatIsoDate, productToday } from 'shared-domain';
import { laterPlanYear } from 'shared-domain/forms';

/** A field of the order form by its exact label. */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const answer = (page: Page, question: string | RegExp, choice: 'Yes' | 'No') =>
  page
    .getByRole('group', { name: question, exact: typeof question === 'string' })
    .getByLabel(choice, { exact: true })
    .check();

/** Nine digits no demo client has (demo tax ids start 12-, 57- and 98-). */
export const uniqueTaxId = () =>
  `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/** Step 1 as a new user fills it: every required field, in the form's order. */
export async function fillCompanyStep(page: Page, companyName: string): Promise<void> {
  await field(page, 'Primary E-mail').fill('owner@orchard.example');
  // A tax id of its own: one of an earlier client would (rightly) open the duplicate dialog.
  await field(page, 'Federal Tax ID').fill(uniqueTaxId());
  await field(page, 'Company Name').fill(companyName);
  await field(page, 'Phone').fill('5125550100');
  await field(page, 'Address Line 1').fill('1 Main Street');
  await field(page, 'City').fill('Austin');
  await field(page, 'State').selectOption('TX');
  await field(page, 'Zip Code').fill('73301');
  await field(page, 'State of Legal Construction').selectOption('TX');
  await field(page, 'Legal Entity Type').selectOption('LLC');
  await field(page, 'Benefits Contact').fill('Pat Doe');
  await field(page, 'Benefits Contact E-mail').fill('pat@orchard.example');
  await answer(page, /subject to ERISA/, 'Yes');
  await field(page, 'ERISA Plan Number').fill('501');
}

/**
 * The plan year of a document ordered today, MM/DD/YYYY: twelve months from the first of next month in
 * New York (a new document's plan year may not start before the day it is ordered, whatever day the
 * journeys run on).
 */
export function orderedPlanYear(): { start: string; end: string } {
  const { start, end } = laterPlanYear(productToday(), null);
  return { start: formatIsoDate(start), end: formatIsoDate(end) };
}

/** Step 2: a plan year from the first of next month, counts, a 30-day waiting period, health insurance. */
export async function fillPlanStep(page: Page): Promise<void> {
  const planYear = orderedPlanYear();
  await field(page, 'Plan Year Start Date').fill(planYear.start);
  await field(page, 'Plan Year End Date').fill(planYear.end);
  await field(page, 'Total Employees at Start of Plan Year').fill('25');
  await field(page, 'Benefit-Eligible Employees').fill('20');
  await field(page, 'Required Waiting Period').selectOption('30 days');
  await field(page, 'Date of Eligibility').selectOption('First of month');
  await answer(page, 'Health Insurance', 'Yes');
  await answer(page, 'Dental', 'Yes');
}

/** A field's error message under the field (the error summary above the step links to it too). */
export const fieldError = (page: Page, message: string) =>
  page.locator('.invalid-feedback').filter({ hasText: message });

export const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
export const stepPanel = (page: Page, title: string) => page.getByRole('tabpanel', { name: title });

/** The four steps, to the review. */
export async function fillOrderForm(page: Page, companyName: string): Promise<void> {
  await expect(stepPanel(page, 'Step 1 - Company Information')).toBeVisible();
  await fillCompanyStep(page, companyName);
  await next(page);
  await expect(stepPanel(page, 'Step 2 - Plan Details')).toBeVisible();
  await fillPlanStep(page);
  await next(page);
  await expect(stepPanel(page, 'Step 3 - Finish Up')).toBeVisible();
  await answer(page, /Allow HSA/, 'No');
  await next(page);
  await expect(page.getByText("Now, let's review and place your order.")).toBeVisible();
}
