import { expect, test, type Browser } from '@playwright/test';
import { signIn } from './support.js';

/**
 * The settings of Utilities and the guides (issue 23 items 3 and 4): compliance publishes a login
 * message that a guest then sees above the sign-in form; the guides the configuration links are real
 * PDFs a plain link downloads, session or none.
 */

/** A browser of its own, never signed in. */
async function guestPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

test('compliance publishes a login message in Utilities and a guest sees it on the sign-in page', async ({
  page,
  browser,
}) => {
  const text = `Scheduled maintenance ${Date.now().toString(36)}: sign-in may pause tonight`;
  await signIn(page, 'demo.compliance');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Utilities', exact: true })
    .click();
  await page
    .getByRole('navigation', { name: 'Utilities' })
    .getByRole('link', { name: 'System Messages' })
    .click();
  await expect(page).toHaveURL(/\/admin\/utilities\/system-messages$/);

  await page.getByRole('button', { name: 'New Message' }).click();
  const form = page.getByRole('form', { name: 'System message' });
  await form.getByRole('combobox', { name: 'Location' }).selectOption('login');
  await form.getByRole('radio', { name: 'Warning', exact: true }).check();
  await form.getByLabel('Message', { exact: true }).fill(text);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('System message saved')).toBeVisible();

  const row = page.getByRole('table', { name: 'System Messages' }).getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Sign-in page');
  await expect(row).toContainText('Shown now');
  // The change log names who published it.
  await expect(
    page.getByRole('table', { name: 'Change Log' }).getByRole('row').filter({ hasText: text }).first(),
  ).toContainText('demo.compliance');

  const guest = await guestPage(browser);
  try {
    // The gateway writes the login messages into the sign-in page and renews them within
    // LOGIN_MESSAGES_TTL_MS (30 s; 1 s in the journeys): the guest reloads until the new one is there,
    // as a person coming back later would see it.
    await expect(async () => {
      await guest.page.goto('/');
      await expect(guest.page.getByText(text)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(guest.page.getByText(text)).toHaveClass(/alert-warning/);
    await expect(guest.page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  } finally {
    await guest.close();
  }

  // Deleted again (confirmed), so the sign-in page of the other journeys is as seeded.
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('System message deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('both guide links download real PDFs, for a guest too', async ({ browser }) => {
  const guest = await guestPage(browser);
  try {
    // The overview is open to guests and lists the guides the app configuration links.
    await guest.page.goto('/about');
    const guides = guest.page.getByRole('region', { name: 'Guides' });
    for (const name of ['POP Implementation Guide', 'Employee Quick Reference Guide']) {
      const link = guides.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/guides\/[a-z-]+\.pdf$/);
      // What a plain link does: a GET without the X-CSRF header and without a session.
      const answer = await guest.page.request.get(href!);
      expect(answer.status(), name).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/pdf');
      expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="[a-z-]+\.pdf"/);
      const pdf = await answer.body();
      expect(pdf.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(2_000);
    }
  } finally {
    await guest.close();
  }
});
