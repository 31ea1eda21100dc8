import { expect, test, type Page } from '@playwright/test';
import { NDT_QUESTIONS, type NdtStep } from 'shared-domain';
import { demoId } from 'service-kit/server';
import { answer } from './order-form.js';
import { documentRow } from './documents.js';
import { signIn, signOut } from './support.js';

/**
 * Non-discrimination testing (specs/2-documents.md §2, §4; domain/non-discrimination-testing.md):
 * the wizard's branches as a new user walks them, the server's Pass or Fail, and the stored results.
 * Granite State Roofing: a paid demo document of demo.broker with no partner, its plan year running.
 */
const company = 'Granite State Roofing';
const documentId = demoId('broker document 6');
const ndtPath = `/document/${documentId}/ndt`;

/** Bootstrap 5's success and danger colours: the result's green and red. */
const GREEN = 'rgb(25, 135, 84)';
const RED = 'rgb(220, 53, 69)';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const stepHeading = (page: Page, step: NdtStep) =>
  page.getByRole('heading', { name: `Step ${step}`, exact: true });

/** Answers the yes/no question of `step` and goes on (Next stays disabled, with its reason, until then). */
async function yesNo(page: Page, step: NdtStep, choice: 'Yes' | 'No', button: 'Next' | 'Submit' = 'Next') {
  await expect(stepHeading(page, step)).toBeVisible();
  // Unanswered, the step's button is Next, disabled (it reads Submit once the answer makes it send).
  await expect(page.getByRole('button', { name: /^(Next|Submit)$/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await answer(page, NDT_QUESTIONS[step], choice);
  await page.getByRole('button', { name: button }).click();
}

/** Step 3b's four head counts; Next is enabled only once the last is typed. */
async function headCounts(
  page: Page,
  counts: [total: number, eligible: number, totalHces: number, eligibleHces: number],
) {
  await expect(stepHeading(page, '3b')).toBeVisible();
  const [totalNonHces, eligibleNonHces, totalHces, eligibleHces] = counts;
  await field(page, 'Total non-HCEs').fill(String(totalNonHces));
  await field(page, 'Eligible non-HCEs').fill(String(eligibleNonHces));
  await field(page, 'Total HCEs').fill(String(totalHces));
  await expect(page.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await field(page, 'Eligible HCEs').fill(String(eligibleHces));
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Step 7's two costs, then Submit (enabled only once both are typed). */
async function costs(page: Page, total: number, keyEmployees: number) {
  await expect(stepHeading(page, '7')).toBeVisible();
  await field(page, 'Total cost of benefits ($)').fill(String(total));
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-disabled', 'true');
  await field(page, 'Total cost of benefits for key employees ($)').fill(String(keyEmployees));
  await page.getByRole('button', { name: 'Submit' }).click();
}

/**
 * Steps 1–7 the long way through 3 no and 3b, 4 yes (premium-only): test B applies when the ratio
 * meets the safe harbor, and not otherwise.
 */
async function ratioPath(page: Page, counts: Parameters<typeof headCounts>[1]) {
  await yesNo(page, '1', 'Yes');
  await yesNo(page, '2', 'Yes');
  await yesNo(page, '3', 'No');
  await yesNo(page, '3a', 'Yes');
  await headCounts(page, counts);
  await yesNo(page, '4', 'Yes');
  await yesNo(page, '5', 'Yes');
  await yesNo(page, '6', 'Yes');
  await costs(page, 100_000, 20_000);
}

/** One group's figures at step 5a: its participants, their total pay and the benefits they elect. */
async function participants(
  page: Page,
  group: 'HCEs' | 'non-HCEs',
  [count, pay, benefits]: [count: number, pay: number, benefits: number],
) {
  await field(page, `Participating ${group}`).fill(String(count));
  await field(page, `Total pay of participating ${group} ($)`).fill(String(pay));
  await field(page, `Benefits elected by participating ${group} ($)`).fill(String(benefits));
}

const verdict = (page: Page) => page.locator('.ndt-verdict');
const resultRow = (page: Page, step: NdtStep) =>
  page.getByRole('table', { name: 'Test results' }).getByRole('row', { name: new RegExp(`^${step} `) });
const resultIdOf = (page: Page) => new URL(page.url()).searchParams.get('result');

test('a broker tests a paid document from its Actions: 1–4 yes passes at once, stored and printable', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  const row = await documentRow(page, company);
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('link', { name: 'Non-discrimination Testing' }).click();
  await expect(page).toHaveURL(new RegExp(`${ndtPath}$`));

  await expect(page.getByRole('heading', { name: 'Non-Discrimination Testing' })).toBeVisible();
  await expect(page.getByText(`Testing for ${company}`)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: company }),
  ).toHaveAttribute('href', `/document/${documentId}`);
  // The instructions: the specs' rules, and one definition of each (officers included) with the limits
  // of the document's plan year.
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
  await expect(
    page.getByText(/A key employee is an officer paid more than \$\d{3},\d{3} \(the IRS limit for \d{4};/),
  ).toBeVisible();
  await expect(page.getByText(/key employee is/i)).toHaveCount(1);
  await expect(page.getByText(/highly compensated employee \(HCE\) is an officer/i)).toHaveCount(1);
  await expect(page.getByText(/at most 25% of the total benefits/)).toBeVisible();
  await expect(
    page.getByText(/group term life insurance is a qualified benefit up to \$50,000/i),
  ).toBeVisible();
  await expect(page.getByText(/^A highly compensated employee \(HCE\) is/)).toBeVisible();

  await field(page, 'Name').fill('Bea Broker');
  await page.getByRole('button', { name: 'Next' }).click();
  await yesNo(page, '1', 'Yes');
  await yesNo(page, '2', 'Yes');
  await yesNo(page, '3', 'Yes');
  // 1–4 all yes: the safe harbor, submitted at once from step 4.
  await yesNo(page, '4', 'Yes', 'Submit');

  await expect(verdict(page)).toHaveText('Pass');
  await expect(verdict(page)).toHaveCSS('color', GREEN);
  await expect(page.getByText(/deemed to pass every nondiscrimination test/)).toContainText('§1.125-7(f)');
  await expect(page.getByRole('table', { name: 'Test results' }).getByRole('row')).toHaveCount(5);
  await expect(page.getByText('demo.broker (Bea Broker)')).toBeVisible();
  await expect(page.getByText(/print these results and retain them/)).toBeVisible();
  await expect(page.getByText(/an aid, not legal advice/)).toBeVisible();

  // Stored: the address names the result, and a reload reads it back from the server.
  const resultId = resultIdOf(page);
  expect(resultId).toMatch(/^[0-9a-f-]{36}$/);
  await page.reload();
  await expect(verdict(page)).toHaveText('Pass');
  await expect(resultRow(page, '4')).toContainText('safe harbor');

  // The print stylesheet: no navigation and no buttons on paper, the results and their colour kept.
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.getByRole('table', { name: 'Test results' })).toBeVisible();
  await expect(verdict(page)).toHaveCSS('color', GREEN);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});

test('the worked examples through 3 no and 3b: ratio 75 passes, ratio 20 fails in red with its remedy; compliance reads it back', async ({
  page,
}) => {
  // Two full walks of the wizard and a second sign-in: more than the default 30 s on a busy machine.
  test.slow();
  await signIn(page, 'demo.broker');
  await page.goto(ndtPath);
  await page.getByRole('button', { name: 'Next' }).click();
  // 16 non-HCEs (12 eligible), 4 HCEs (4 eligible): ratio 75, C 80, safe harbor 35 (and premium-only).
  await ratioPath(page, [16, 12, 4, 4]);
  await expect(verdict(page)).toHaveText('Pass');
  await expect(verdict(page)).toHaveCSS('color', GREEN);
  await expect(resultRow(page, '3b')).toContainText('The ratio 75 is at or above the safe harbor of 35.');
  // Premium-only at the safe harbor: step 7's figures are shown, but the verdict did not need them.
  await expect(resultRow(page, '7')).toContainText('Key employees’ share20%');
  await expect(resultRow(page, '7')).toContainText('Not needed for the verdict');

  // A new test starts with every value reset.
  await page.getByRole('button', { name: 'Take a new test' }).click();
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, '1')).toBeVisible();
  for (const choice of ['Yes', 'No']) {
    await expect(
      page.getByRole('group', { name: NDT_QUESTIONS['1'] }).getByLabel(choice, { exact: true }),
    ).not.toBeChecked();
  }

  // 5 non-HCEs (1 eligible), 5 HCEs (5 eligible): ratio 20, C 50, safe 50, unsafe 40.
  await ratioPath(page, [5, 1, 5, 5]);
  await expect(verdict(page)).toHaveText('Fail');
  await expect(verdict(page)).toHaveCSS('color', RED);
  const ratio = resultRow(page, '3b');
  await expect(ratio).toContainText('The ratio 20 is below the unsafe harbor of 40.');
  await expect(ratio.getByText('Fail', { exact: true })).toHaveCSS('background-color', RED);
  await expect(ratio).toContainText('What you can change: Make more non-HCEs eligible');
  const failed = resultIdOf(page);
  expect(failed).toMatch(/^[0-9a-f-]{36}$/);

  // Stored: compliance opens the same result (the admin page's Show Results address).
  await signOut(page);
  await signIn(page, 'demo.compliance');
  await page.goto(`${ndtPath}?result=${failed}`);
  await expect(page.getByText(`Testing for ${company}`)).toBeVisible();
  await expect(verdict(page)).toHaveText('Fail');
  await expect(verdict(page)).toHaveCSS('color', RED);
  await expect(resultRow(page, '3b')).toContainText('The ratio 20 is below the unsafe harbor of 40.');
  await expect(page.getByText(/^demo\.broker/)).toBeVisible();
  // Compliance may test the document too: the next step after a Fail.
  await page
    .getByRole('region', { name: 'Next step' })
    .getByRole('button', { name: 'Take the test again' })
    .click();
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Admin Options' }),
  ).toBeVisible();
});

test('test B: a premium-only plan at the eligibility safe harbor passes under §1.125-7(f), the steps it did not need marked', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto(ndtPath);
  await page.getByRole('button', { name: 'Next' }).click();
  // The note's worked test B: part-timers excluded (3 no, 3a yes), 8 non-HCEs (6 eligible) and 2 HCEs
  // (2 eligible): ratio 75 against a safe harbor of 35; premium-only; step 2 no; key employees at 40%.
  await yesNo(page, '1', 'Yes');
  await yesNo(page, '2', 'No');
  await yesNo(page, '3', 'No');
  await yesNo(page, '3a', 'Yes');
  await headCounts(page, [8, 6, 2, 2]);
  await yesNo(page, '4', 'Yes');
  await yesNo(page, '5', 'Yes');
  await yesNo(page, '6', 'Yes');
  await costs(page, 100_000, 40_000);

  await expect(verdict(page)).toHaveText('Pass');
  await expect(verdict(page)).toHaveCSS('color', GREEN);
  await expect(page.getByText(/deemed to pass every nondiscrimination test/)).toContainText(
    'Prop. Treas. Reg. §1.125-7(f)',
  );
  await expect(resultRow(page, '4')).toContainText('§1.125-7(f)');
  await expect(resultRow(page, '3b')).toContainText('The ratio 75 is at or above the safe harbor of 35.');
  // Steps 1, 2, 3a, 5, 6 and 7 were not needed: marked so, not counted, in grey rather than red.
  for (const step of ['1', '2', '3a', '5', '6', '7'] as const) {
    await expect(resultRow(page, step)).toContainText('Not needed (premium-only safe harbor)');
    await expect(resultRow(page, step)).not.toHaveClass(/table-danger/);
  }
  await expect(resultRow(page, '7')).toContainText('40%');
  await expect(page.getByText(/What you can change/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Next step' })).toHaveCount(0);

  // Stored as shown: a reload reads the same verdict and marks back.
  await page.reload();
  await expect(verdict(page)).toHaveText('Pass');
  await expect(resultRow(page, '2')).toContainText('Not needed (premium-only safe harbor)');
});

test('the utilization Fail: HCE participants elect 5% of their pay against 2%, with the remedy and a new test', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto(ndtPath);
  await page.getByRole('button', { name: 'Next' }).click();
  await yesNo(page, '1', 'Yes');
  await yesNo(page, '2', 'Yes');
  await yesNo(page, '3', 'Yes');
  await yesNo(page, '4', 'No');
  await yesNo(page, '5', 'No');

  // Step 3 was yes (3b skipped): 5a asks the totals too, every employee being eligible.
  await expect(stepHeading(page, '5a')).toBeVisible();
  await field(page, 'Total non-HCEs').fill('10');
  await field(page, 'Total HCEs').fill('2');
  await participants(page, 'HCEs', [3, 800_000, 40_000]);
  // 3 participating HCEs of 2: told on the field at once, and Next stays disabled.
  await expect(page.getByText('Cannot be more than total HCEs (2).')).toBeVisible();
  await participants(page, 'non-HCEs', [5, 800_000, 16_000]);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await expect(stepHeading(page, '5a')).toBeVisible();
  await field(page, 'Participating HCEs').fill('1');
  await expect(page.getByText('Cannot be more than total HCEs (2).')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await yesNo(page, '6', 'Yes');
  await costs(page, 100_000, 10_000);

  // $40,000 on $800,000 (5%) against $16,000 on $800,000 (2%): Fail, though half of each group takes part.
  await expect(verdict(page)).toHaveText('Fail');
  await expect(verdict(page)).toHaveCSS('color', RED);
  const utilization = resultRow(page, '5a');
  await expect(utilization).toHaveClass(/table-danger/);
  await expect(utilization).toContainText(
    'HCE participants elect 5% of their pay in benefits, more than the 2%',
  );
  await expect(utilization).toContainText('§1.125-7(c)(2)');
  await expect(utilization).toContainText('What you can change: Limit HCE elections');
  await expect(utilization.getByText('Fail', { exact: true })).toHaveCSS('background-color', RED);
  const nextStep = page.getByRole('region', { name: 'Next step' });
  await expect(nextStep.getByRole('listitem')).toHaveCount(1);
  await expect(nextStep.getByRole('listitem')).toContainText(/^Step 5a: Limit HCE elections/);

  // The remedies print with the results; the action does not.
  await page.emulateMedia({ media: 'print' });
  await expect(nextStep.getByRole('listitem')).toBeVisible();
  await expect(nextStep.getByRole('button', { name: 'Take the test again' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Take the test again: a new test, every value reset.
  await nextStep.getByRole('button', { name: 'Take the test again' }).click();
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${ndtPath}$`));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, '1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
});

test('the testing reminder among the action items opens the testing of its document', async ({ page }) => {
  await signIn(page, 'demo.broker');
  const items = page.getByRole('region', { name: 'Action Items' });
  const reminder = items
    .locator('.list-group-item')
    .filter({ hasText: 'Non-discrimination testing is due for Delta Freight Services' });
  await reminder.getByRole('link', { name: 'Click to view' }).click();
  await expect(page).toHaveURL(new RegExp(`/document/${demoId('broker document 3')}/ndt$`));
  await expect(page.getByRole('heading', { name: 'Non-Discrimination Testing' })).toBeVisible();
  await expect(page.getByText('Testing for Delta Freight Services')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});

test('the NDT tutorial states one HCE and one key-employee definition, officers included', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.goto('/tutorials/ndt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const keyEmployee = page.getByText(/key employee is/i);
  await expect(keyEmployee).toHaveCount(1);
  await expect(keyEmployee).toContainText(/an officer paid more than \$\d{3},\d{3}/);
  const hce = page.getByText(/highly compensated employee \(HCE\) is/i);
  await expect(hce).toHaveCount(1);
  await expect(hce).toContainText('an officer');
  await expect(hce).toContainText('spouse or dependent');
  // The same steps the wizard takes, with the premium-only safe harbor as the note has it.
  await expect(page.getByText(/§1\.125-7\(f\)/).first()).toBeVisible();
});
