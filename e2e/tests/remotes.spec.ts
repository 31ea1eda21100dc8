import { expect, test } from '@playwright/test';
import { signIn } from './support.js';

test('a remote that cannot load fails in its own slot and recovers on retry', async ({ page }) => {
  await page.route('**/remotes/mf-documents/**', (route) => route.abort());
  await signIn(page, 'demo.broker');

  const failed = page.getByRole('alert').filter({ hasText: 'This section could not be loaded.' });
  await expect(failed.first()).toBeVisible();
  // The shell and the other remotes keep working.
  await expect(page.getByRole('navigation', { name: 'User navigation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order Now' })).toBeVisible();
  await expect(page.getByText(/item\(s\) in cart/)).toBeVisible();

  await page.unroute('**/remotes/mf-documents/**');
  while ((await failed.count()) > 0) {
    await failed.first().getByRole('button', { name: 'Retry' }).click();
    await page.waitForTimeout(200);
  }
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
});
