import { expect, test, type Page } from '@playwright/test';
import { demoId } from 'service-kit/server';
import { checkScreen } from './accessibility.js';
import { answer, fillCompanyStep, fillPlanStep, next, stepPanel } from './order-form.js';
import { signIn, signOut } from './support.js';

// The screens' addresses as shared-ui's paths table has them (the journeys do not load the React kit).
const UTILITY_SECTIONS = [
  'promo-code',
  'colonial-bill-file',
  'return-file-upload',
  'strategic-partner-report',
  'weekly-order-report',
  'bcn',
  'system-messages',
  'app-config',
  'refresh-token',
];

/**
 * Every main screen, held to one standard (tests/accessibility.ts): one h1, its own title, no serious
 * or critical WCAG 2.1 A/AA violation at 1366 and 390 px, and no sideways scroll on a phone. The
 * success page and the receipt are checked where a purchase makes them (checkout.spec.ts).
 */

const visit = async (page: Page, path: string, screen: string) => {
  await page.goto(path);
  await checkScreen(page, screen);
};

test('the guest screens', async ({ page }) => {
  await visit(page, '/', 'Sign in');
  await visit(page, '/create-account', 'Create account');
  await visit(page, '/forgot-password', 'Forgot password');
  await visit(page, '/about', 'Overview');
});

test("the broker's screens, the order form's four steps, the basket and checkout", async ({ page }) => {
  await signIn(page, 'demo.broker');
  await checkScreen(page, 'Broker home (My POP Documents)');
  await visit(page, '/profile', 'Profile');
  await visit(page, `/document/${demoId('broker document 0')}/download`, 'Download');
  await visit(page, `/document/${demoId('broker document 6')}/ndt`, 'Non-discrimination testing');
  await visit(page, `/client/${demoId('client Acme Landscaping Inc')}`, 'Client page');
  await visit(page, `/orders/${demoId('order broker document 0')}/receipt`, 'Receipt');
  await visit(page, '/tutorials/ndt', 'NDT tutorial');

  await page.goto('/document/new');
  await checkScreen(page, 'Order form step 1');
  await fillCompanyStep(page, `Accessible Orchard ${Date.now()}`);
  await next(page);
  await expect(stepPanel(page, 'Step 2 - Plan Details')).toBeVisible();
  await checkScreen(page, 'Order form step 2');
  await fillPlanStep(page);
  await next(page);
  await expect(stepPanel(page, 'Step 3 - Finish Up')).toBeVisible();
  await checkScreen(page, 'Order form step 3');
  await answer(page, /Allow HSA/, 'No');
  await next(page);
  await expect(page.getByText("Now, let's review and place your order.")).toBeVisible();
  await checkScreen(page, 'Order form step 4');
  await page
    .getByRole('region', { name: 'Payment Options' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page).toHaveURL(/\/basket$/);
  await checkScreen(page, 'Basket');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await checkScreen(page, 'Checkout');
  await signOut(page);
});

test("the employer's home", async ({ page }) => {
  await signIn(page, 'demo.employer');
  await checkScreen(page, 'Employer home (My POP Documents)');
  await signOut(page);
});

test('every admin screen', async ({ page }) => {
  await signIn(page, 'demo.compliance');
  await checkScreen(page, 'Order Management');
  await visit(page, '/admin/clients', 'Clients');
  await visit(page, `/admin/client/${demoId('client Acme Landscaping Inc')}`, 'Admin client page');
  await visit(page, `/document/${demoId('broker document 0')}/admin`, 'Document admin page');
  await visit(page, '/admin/strategic-partners', 'Strategic partners');
  await visit(page, `/admin/strategic-partner/${demoId('partner summit')}/details`, 'Strategic partner');
  await visit(page, '/admin/strategic-partner/new', 'New strategic partner');
  await visit(page, '/admin/users', 'Users');
  await visit(page, '/admin/utilities', 'Utilities');
  for (const section of UTILITY_SECTIONS)
    await visit(page, `/admin/utilities/${section}`, `Utilities: ${section}`);
  await visit(page, '/admin/utilities/promo-code/new', 'New promo code');
  await signOut(page);
});
