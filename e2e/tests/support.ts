import { expect, type Page } from '@playwright/test';
import { demoId } from 'service-kit/server';
import { DEMO_PASSWORD } from 'shared-domain';

/** The forms of a new document whose unsaved answers are kept (cart-api README "Order form drafts"). */
const NEW_DOCUMENT_FORMS = [
  'new',
  ...['colonial', 'summit', 'harbor'].map((key) => `new:${demoId(`partner ${key}`)}`),
];

/**
 * Signs in through the login screen as a person would. A journey starts from a blank order form: the
 * unsaved answers an earlier journey left in a new document's form are discarded (as its Discard
 * would), unless `keepDrafts` (the journey about drafts).
 */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  { keepDrafts = false }: { keepDrafts?: boolean } = {},
): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeHidden();
  if (keepDrafts) return;
  for (const form of NEW_DOCUMENT_FORMS) {
    const discarded = await page.request.delete(`/api/document-draft?form=${encodeURIComponent(form)}`, {
      headers: { 'X-CSRF': '1' },
    });
    expect(discarded.status(), await discarded.text()).toBe(204);
  }
}

/** Signs out through /logout and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
}

/**
 * Holds every answer to `url` until `release()` is called, so a journey can see what the page shows while
 * it waits (a fixed delay would be overrun on a loaded machine, and the text gone before it is read).
 */
export async function holdAnswers(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
