import { expect, test, type Page } from '@playwright/test';
import {
  fieldError,
  fillCompanyStep,
  fillOrderForm,
  next,
  orderedPlanYear,
  stepPanel,
} from './order-form.js';
import { signIn } from './support.js';

/** The plan year the journeys order (from the first of next month: never before the day it is ordered). */
const PLAN_YEAR = orderedPlanYear();
/** The same day a year before and a year after its start, MM/DD/YYYY. */
const shiftYear = (date: string, years: number) => `${date.slice(0, 6)}${Number(date.slice(6)) + years}`;
const PLAN_YEAR_TOO_LONG = `Plan year cannot be greater than 12 months. Did you mean ${PLAN_YEAR.start} to ${PLAN_YEAR.end}?`;
const START_BEFORE_END = 'Plan Year Start Date must be before Plan Year End Date';
const WAITING_PERIOD =
  'A waiting period exceeding 90 days is not compliant when health insurance is offered on a pre tax basis';

const review = (page: Page) => page.getByTestId('document-review');

test('a broker orders a document through the cart at $300.00, and reopens it from the cart', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto('/document/new');
  await expect(page.getByRole('heading', { name: 'POP Document Order Form' })).toBeVisible();
  for (const tab of [
    'Step 1 - Company Information',
    'Step 2 - Plan Details',
    'Step 3 - Finish Up',
    'Step 4 - Complete',
  ]) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  // Markup in a company name is text: stored as typed, shown escaped.
  const company = `Orchard <b>Dental</b> ${Date.now()}`;
  await fillOrderForm(page, company);
  await expect(review(page).getByText(company)).toBeVisible();
  await expect(review(page).getByText(`${PLAN_YEAR.start} to ${PLAN_YEAR.end}`)).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment Options' });
  await expect(payment.getByLabel('Commission')).toHaveValue(/.+/);
  await expect(payment.getByRole('option', { name: 'Commission included [+$75.00]' })).toBeAttached();
  await expect(payment.getByTestId('document-price')).toHaveText('$300.00');
  await payment.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page).toHaveURL(/\/basket$/);
  const row = page.getByRole('row', { name: new RegExp(company.replace(/[<>/]/g, '.')) });
  await expect(row).toContainText('$300.00');
  await expect(page.locator('b', { hasText: 'Dental' })).toHaveCount(0);

  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/document\/cart\/[^/]+$/);
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue(company);
  await expect(page.getByLabel('ERISA Plan Number', { exact: true })).toHaveValue('501');
  await page.getByRole('tab', { name: 'Step 4 - Complete' }).click();
  await expect(review(page).getByText(`${PLAN_YEAR.start} to ${PLAN_YEAR.end}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
});

test("an employer's document costs $225.00, without the broker's commission", async ({ page }) => {
  await signIn(page, 'demo.employer');
  await page.goto('/document/new');
  const company = `Employer Co ${Date.now()}`;
  await fillOrderForm(page, company);
  const payment = page.getByRole('region', { name: 'Payment Options' });
  await expect(payment.getByTestId('document-price')).toHaveText('$225.00');
  await expect(payment.getByLabel('Commission')).toHaveCount(0);
  await payment.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('$225.00');
});

test('the plan-year and waiting-period messages appear exactly when their rules say', async ({ page }) => {
  await signIn(page, 'demo.broker');
  await page.goto('/document/new');
  // A step with errors shows them when the user tries to leave it.
  await next(page);
  await expect(stepPanel(page, 'Step 1 - Company Information')).toBeVisible();
  await expect(fieldError(page, 'Primary e-mail is required')).toBeVisible();
  await fillCompanyStep(page, 'Rules Check LLC');
  await next(page);

  const start = page.getByLabel('Plan Year Start Date', { exact: true });
  const end = page.getByLabel('Plan Year End Date', { exact: true });
  await start.fill(PLAN_YEAR.start);
  await end.fill(shiftYear(PLAN_YEAR.start, 1));
  await end.blur();
  await expect(fieldError(page, PLAN_YEAR_TOO_LONG)).toBeVisible();
  await end.fill(PLAN_YEAR.end);
  await end.blur();
  await expect(fieldError(page, PLAN_YEAR_TOO_LONG)).toHaveCount(0);
  await end.fill(shiftYear(PLAN_YEAR.start, -1));
  await end.blur();
  await expect(fieldError(page, START_BEFORE_END)).toBeVisible();
  await end.fill(PLAN_YEAR.end);
  await end.blur();
  await expect(fieldError(page, START_BEFORE_END)).toHaveCount(0);

  const period = page.getByLabel('Required Waiting Period', { exact: true });
  const eligibility = page.getByLabel('Date of Eligibility', { exact: true });
  const health = page.getByRole('group', { name: 'Health Insurance', exact: true });
  await period.selectOption('120 days');
  // Only when health insurance is offered pre-tax.
  await expect(page.getByText(WAITING_PERIOD)).toHaveCount(0);
  await health.getByLabel('Yes', { exact: true }).check();
  await expect(page.getByText(WAITING_PERIOD)).toBeVisible();
  // 90 days or 3 months: over the limit unless eligibility is Immediately.
  await period.selectOption('90 days');
  await eligibility.selectOption('First of month');
  await expect(page.getByText(WAITING_PERIOD)).toBeVisible();
  await eligibility.selectOption('Immediately');
  await expect(page.getByText(WAITING_PERIOD)).toHaveCount(0);
  await period.selectOption('3 months');
  await expect(page.getByText(WAITING_PERIOD)).toHaveCount(0);
  await eligibility.selectOption('Fifteenth of the month');
  await expect(page.getByText(WAITING_PERIOD)).toBeVisible();
  await period.selectOption('60 days');
  await expect(page.getByText(WAITING_PERIOD)).toHaveCount(0);
  await period.selectOption('4 months');
  await expect(page.getByText(WAITING_PERIOD)).toBeVisible();
  await health.getByLabel('No', { exact: true }).check();
  await expect(page.getByText(WAITING_PERIOD)).toHaveCount(0);
});

test('a broker cannot get a free document from the API; compliance creates one without the cart', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  const me = await (await page.request.get('/bff/user', { headers: { 'X-CSRF': '1' } })).json();
  const before = await (
    await page.request.get(`/api/epop-document/${me.userId}?page=1&pageSize=10&searchText=`, {
      headers: { 'X-CSRF': '1' },
    })
  ).json();
  const draft = await (
    await page.request.get(`/api/epop/document/new/${me.userId}`, { headers: { 'X-CSRF': '1' } })
  ).json();
  expect(draft.requiresPurchase).toBe(true);
  const refused = await page.request.post(`/api/epop-document/${me.userId}`, {
    headers: { 'X-CSRF': '1' },
    data: {
      primaryEmail: 'a@example.com',
      federalTaxId: '12-3456789',
      clientCompanyName: 'Free Ride Inc',
      phone: '(555) 555-0100',
      addressLine1: '1 Main',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      benefitsContact: 'Pat',
      benefitContactEmail: 'pat@example.com',
      stateOfLegalConstruction: 'TX',
      legalEntityType: 'LLC',
      isERISA: false,
      // Refused for who asks (403), whatever the plan year.
      currentPlanYearStartDate: '2027-01-01',
      currentPlanYearEndDate: '2027-12-31',
      totalNumAtStartPlanYear: 5,
      totalNumBenefitEligible: 5,
      allowHSAContributions: false,
    },
  });
  expect(refused.status()).toBe(403);
  const after = await (
    await page.request.get(`/api/epop-document/${me.userId}?page=1&pageSize=10&searchText=`, {
      headers: { 'X-CSRF': '1' },
    })
  ).json();
  expect(after).toEqual(before);

  await page.context().clearCookies();
  await signIn(page, 'demo.compliance');
  await page.goto('/document/new');
  await expect(page.getByRole('heading', { name: 'POP Document Form' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Complete Document' })).toBeVisible();
  const company = `Compliance Free ${Date.now()}`;
  await fillOrderForm(page, company);
  await expect(page.getByText('A document can only be purchased through an invite')).toBeVisible();
  await page.getByRole('button', { name: 'Create Free Document' }).click();
  await expect(page.getByText('The document has been saved')).toBeVisible();
});

test('a duplicate tax id offers the existing client: Ignore keeps the fields, Continue adopts them', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto('/document/new');
  const taxId = page.getByLabel('Federal Tax ID', { exact: true });
  const company = page.getByLabel('Company Name', { exact: true });
  await company.fill('My Own Name LLC');
  // Acme Landscaping Inc, a client of demo.broker: 12-3456710.
  await taxId.fill('123456710');
  const dialog = page.getByRole('dialog', { name: 'Existing client' });
  await expect(dialog).toContainText('Acme Landscaping Inc');
  await dialog.getByRole('button', { name: 'Ignore' }).click();
  await expect(dialog).toBeHidden();
  await expect(company).toHaveValue('My Own Name LLC');
  await expect(page.getByLabel('Phone', { exact: true })).toBeVisible();

  // Another number, then back to a duplicate: asked again for that one, and Continue adopts it.
  await taxId.fill('123456711');
  await expect(dialog).toContainText('Blue Ridge Dental Group');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(company).toHaveValue('Blue Ridge Dental Group');
  await expect(company).toHaveAttribute('readonly', '');
  // The adopted company's fields are hidden: they are the client's.
  await expect(page.getByLabel('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('City', { exact: true })).toHaveCount(0);
});

test('the order form keeps the answers: Back and Forward between steps, and in a new browser after signing in again', async ({
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const first = await (await browser.newContext({ baseURL })).newPage();
  await signIn(first, 'demo.broker');
  await first.goto('/document/new');
  const company = `Kept Orchard ${Date.now()}`;
  await fillCompanyStep(first, company);
  // A step change saves the draft at once (typing saves it a second after the last key).
  const saved = first.waitForResponse(
    (answer) => answer.url().includes('/api/document-draft') && answer.request().method() === 'PUT',
  );
  await next(first);
  expect((await saved).status()).toBe(200);
  await expect(first).toHaveURL(/[?&]step=2/);
  await expect(stepPanel(first, 'Step 2 - Plan Details')).toBeVisible();

  // The browser's Back is the previous step, with every answer; Forward is step 2 again.
  await first.goBack();
  await expect(stepPanel(first, 'Step 1 - Company Information')).toBeVisible();
  await expect(first.getByLabel('Company Name', { exact: true })).toHaveValue(company);
  await expect(first.getByLabel('City', { exact: true })).toHaveValue('Austin');
  await first.goForward();
  await expect(stepPanel(first, 'Step 2 - Plan Details')).toBeVisible();
  await first.context().close();

  // Another browser, signed in again: the form opens with the answers and says so.
  const second = await (await browser.newContext({ baseURL })).newPage();
  await signIn(second, 'demo.broker', undefined, { keepDrafts: true });
  await second.goto('/document/new');
  await expect(second.getByText(/^We restored your unsaved answers from /)).toBeVisible();
  await second.getByRole('tab', { name: /Step 1 - Company Information/ }).click();
  await expect(second.getByLabel('Company Name', { exact: true })).toHaveValue(company);

  // Discard: the form as it was loaded, and no draft the next time.
  await second.getByRole('button', { name: 'Discard' }).click();
  await expect(second.getByLabel('Company Name', { exact: true })).toHaveValue('');
  await second.goto('/document/new');
  await expect(stepPanel(second, 'Step 1 - Company Information')).toBeVisible();
  await expect(second.getByText(/^We restored your unsaved answers from /)).toHaveCount(0);
  await second.context().close();
});
