import { expect, test } from '@playwright/test';
import { demoId } from 'service-kit/server';
import {
  answer,
  fieldError,
  fillCompanyStep,
  fillOrderForm,
  fillPlanStep,
  next,
  stepPanel,
} from './order-form.js';
import { signIn } from './support.js';

/** The three demo partners (cart-api's demo seed): what each changes on the order form. */
const partner = (key: 'colonial' | 'summit' | 'harbor') => `/document/new/${demoId(`partner ${key}`)}`;

test("a bypass partner's form says 'POP Document Form' and saves the document without a cart", async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto(partner('summit'));
  await expect(page.getByRole('heading', { name: 'POP Document Form' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Complete Document' })).toBeVisible();
  const company = `Summit Client ${Date.now()}`;
  await fillOrderForm(page, company);
  await expect(page.getByRole('region', { name: 'Payment Options' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Saved, not in the cart: the broker's list has it.
  await page.getByPlaceholder('Search by company name').fill(company);
  await expect(page.getByRole('row', { name: new RegExp(company) })).toBeVisible();
});

test("an excluding partner's form offers no excluded state", async ({ page }) => {
  await signIn(page, 'demo.broker');
  await page.goto(partner('harbor'));
  const state = page.getByLabel('State', { exact: true });
  await expect(state.getByRole('option', { name: 'Texas' })).toBeAttached();
  for (const excluded of ['California', 'New York', 'Washington']) {
    await expect(state.getByRole('option', { name: excluded, exact: true })).toHaveCount(0);
  }
  // The state of legal construction is not where the plan is sold: every state is offered there.
  await expect(
    page
      .getByLabel('State of Legal Construction', { exact: true })
      .getByRole('option', { name: 'California' }),
  ).toBeAttached();
});

test("a Colonial partner's form labels the account fields and requires the agent number", async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto(partner('colonial'));
  await expect(page.getByLabel('Colonial Account Number', { exact: true })).toBeVisible();
  await expect(page.getByText('The account number on the Colonial bill, such as E480000')).toBeVisible();
  await expect(page.getByLabel('Account Suffix', { exact: true })).toBeVisible();
  await page.getByLabel('Colonial Account Number', { exact: true }).fill('E480111');
  await fillCompanyStep(page, `Colonial Client ${Date.now()}`);
  // Step 1 cannot be left without the agent number.
  await next(page);
  await expect(fieldError(page, 'Agent number is required')).toBeVisible();
  await expect(stepPanel(page, 'Step 1 - Company Information')).toBeVisible();
  await page.getByLabel('Agent Number', { exact: true }).fill('AG7100');
  await next(page);
  await fillPlanStep(page);
  await next(page);
  await answer(page, /Allow HSA/, 'No');
  await next(page);
  const review = page.getByTestId('document-review');
  await expect(review.getByText('E480111')).toBeVisible();
  await expect(review.getByText('AG7100')).toBeVisible();
  await expect(review.getByText('None - Document is to be paid for')).toBeVisible();
});
