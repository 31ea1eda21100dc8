import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerAccount } from './accounts.js';
import { DESKTOP, PHONE } from './accessibility.js';
import { signIn } from './support.js';

/**
 * The look of the main screens, at desktop and phone sizes, against the committed baselines
 * (`visual.spec.ts-snapshots/`), so the shell, the page kit and the forms do not drift unnoticed.
 * Only screens whose content no other journey changes: the guest pages, a new account's own pages,
 * compliance's forms. What differs from run to run (a new username) is masked.
 * After an intended change: `pnpm --filter e2e exec playwright test visual --update-snapshots`, and
 * look at each new image before committing it.
 */

async function snap(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('.spinner-border')).toHaveCount(0);
    await expect(page).toHaveScreenshot(`${name}-${size}.png`, { fullPage: true, mask });
  }
  await page.setViewportSize(DESKTOP);
}

test('the guest pages', async ({ page }) => {
  for (const [path, name] of [
    ['/', 'sign-in'],
    ['/create-account', 'create-account'],
    ['/forgot-password', 'forgot-password'],
  ] as const) {
    await page.goto(path);
    await snap(page, name);
  }
});

test("a new employer's home, profile and order form", async ({ page }) => {
  // Digits only, always 9: the profile's notice repeats the address, and an address of another width
  // wraps it onto another number of lines (masking hides the text, not the wrap).
  const account = await registerAccount(
    page.request,
    'visual',
    undefined,
    `visual${String(Date.now()).slice(-9)}`,
  );
  await signIn(page, account.username, account.password);
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
  await snap(page, 'employer-home-empty');
  await page.goto('/profile');
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  await snap(page, 'profile', [page.getByLabel('Username'), page.getByLabel('Email Address')]);
  await page.goto('/document/new');
  await expect(page.getByRole('tab', { name: /Step 1 - Company Information/ })).toBeVisible();
  await snap(page, 'order-form-step-1');
});

test("compliance's forms", async ({ page }) => {
  await signIn(page, 'demo.compliance');
  for (const [path, name] of [
    ['/admin/utilities', 'utilities'],
    ['/admin/utilities/promo-code/new', 'new-promo-code'],
    ['/admin/strategic-partner/new', 'new-strategic-partner'],
  ] as const) {
    await page.goto(path);
    await snap(page, name);
  }
});
