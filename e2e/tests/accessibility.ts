import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// axe-core, run in the page as a script: Playwright's evaluate goes through the DevTools protocol, which
// the app's Content-Security-Policy does not apply to, so the policy stays as users get it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run(...args: unknown[]): Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  }, WCAG_21_AA);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
    );
}

/** Waits for the screen to settle: its one h1 drawn and no spinner left. */
async function settled(page: Page): Promise<void> {
  await expect.soft(page.locator('h1').first(), 'an h1').toBeVisible();
  await expect.soft(page.locator('.spinner-border'), 'no spinner left').toHaveCount(0);
}

/**
 * The standard every main screen is held to (issue 24), at desktop and phone sizes: one h1, a browser
 * title of its own, no serious or critical axe-core violation (WCAG 2.1 A and AA), and on a phone
 * nothing that scrolls the page sideways. Soft assertions: one run names every screen that fails.
 */
export async function checkScreen(page: Page, screen: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await settled(page);
  expect.soft(await page.locator('h1').count(), `${screen}: one h1`).toBe(1);
  expect.soft(await page.title(), `${screen}: a title of its own`).not.toBe('POP Documents');
  expect.soft(await blockingViolations(page), `${screen} at ${DESKTOP.width} px: axe-core`).toEqual([]);

  await page.setViewportSize(PHONE);
  await settled(page);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(sideways, `${screen} at ${PHONE.width} px: pixels scrolled sideways`).toBeLessThanOrEqual(0);
  expect.soft(await blockingViolations(page), `${screen} at ${PHONE.width} px: axe-core`).toEqual([]);
  await page.setViewportSize(DESKTOP);
}
