import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from 'shared-domain';

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeHidden();
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
