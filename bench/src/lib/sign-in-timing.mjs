// Sign-in click to the document list (issue 24 item 8), timed in Debian's Chromium with Playwright:
// a new browser context each time (an empty cache, as at a first visit), the login page loaded and
// filled, then the time from the Sign In click to the first row of My POP Documents, both read from
// the page's own clock (performance.now()), so Playwright's round trips are not in the figure.
/* global window, document, requestAnimationFrame -- the functions handed to page.evaluate run in the page */
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from 'shared-domain';
import { CHROMIUM } from './browser.mjs';

const DOCUMENT_ROW = 'section[aria-labelledby="my-pop-documents-title"] tbody tr';

/**
 * @param {string} gatewayUrl
 * @param {{ username: string, runs: number }} options
 * @returns {Promise<{ times: number[], requests: string[][] }>} ms per run; the requests made after
 *   each click, with their start and end (ms after the click)
 */
export async function signInTimings(gatewayUrl, { username, runs }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const times = [];
  const requests = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${gatewayUrl}/`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      const button = page.getByRole('button', { name: 'Sign In' });
      await button.waitFor();
      // The click's time, then the first frame that shows a document row.
      await page.evaluate((rowSelector) => {
        const state = {};
        window.__signInTiming = state;
        document.addEventListener('click', () => (state.clickedAt ??= performance.now()), { capture: true });
        const poll = () => {
          if (document.querySelector(rowSelector)) state.shownAt = performance.now();
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }, DOCUMENT_ROW);
      const started = [];
      page.on('request', (request) => started.push({ request, at: Date.now() }));
      const clickedAt = Date.now();
      await button.click();
      await page.locator(DOCUMENT_ROW).first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => window.__signInTiming.shownAt !== undefined);
      const { clickedAt: click, shownAt } = await page.evaluate(() => window.__signInTiming);
      times.push(shownAt - click);
      requests.push(
        await Promise.all(
          started.map(async ({ request, at }) => {
            const timing = request.timing();
            const end = timing.responseEnd > 0 ? Math.round(at - clickedAt + timing.responseEnd) : '?';
            return [String(at - clickedAt), String(end), new URL(request.url()).pathname];
          }),
        ),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { times, requests };
}
