import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_PASSWORD } from 'shared-domain';
import { signIn } from './support.js';

/**
 * Issue 24 item 8: the signed-in screens start without a waterfall. The home's reads start beside its
 * code and each is made once (the shell's prefetch is what the widgets use: a drifted read would be
 * made twice); a signed-in page carries the session user and the remote registry, so it asks neither
 * /bff/user nor /remotes.json; and the home appears whole, never a spinner per slot.
 */

/** Every GET the page makes from now on, by path and query. */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'GET') return;
    const url = new URL(request.url());
    if (/^\/(api|bff)\/|^\/remotes\.json$/.test(url.pathname)) reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

const duplicates = (reads: string[]) => reads.filter((read, index) => reads.indexOf(read) !== index);

test("the broker's home loads each of its reads once, from the sign-in click and from a reload", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Username').fill('demo.broker');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const reads = recordReads(page);
  // No remote slot ever shows its spinner on the way: the home appears once its code is there.
  let slotSpinners = 0;
  await page.exposeFunction('slotSpinnerShown', () => (slotSpinners += 1));
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('main [role="status"][aria-label="Loading"]')) {
        (window as unknown as { slotSpinnerShown(): void }).slotSpinnerShown();
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  const list = page.getByRole('region', { name: 'My POP Documents' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Action Items' })).toBeVisible();
  expect(duplicates(reads)).toEqual([]);
  expect(reads.filter((read) => read.startsWith('/api/epop-document/'))).toHaveLength(1);
  expect(slotSpinners).toBe(0);

  // A reload: the page itself says who is signed in and where the remotes are.
  const again = recordReads(page);
  await page.reload();
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  expect(again.filter((read) => read === '/bff/user' || read === '/remotes.json')).toEqual([]);
  expect(duplicates(again)).toEqual([]);
  expect(again.filter((read) => read.startsWith('/api/epop-document/'))).toHaveLength(1);
});

test("a new visitor's sign-in page asks nothing about a session the page says there is not", async ({
  page,
}) => {
  const reads = recordReads(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads.filter((read) => read === '/bff/user')).toEqual([]);
  // No 401 of /bff/user in the console either.
  expect(errors).toEqual([]);
});

test('a signed-in user who follows a link from another site is still signed in, and after a reload', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'demo.broker');
  // Another site's page: the SameSite=Strict session cookie does not follow its link, so the gateway
  // cannot tell whether there is a session and the page must not say 'guest' (the shell asks).
  await page.route('http://elsewhere.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a href="${baseURL}/">POP Documents</a>` }),
  );
  await page.goto('http://elsewhere.test/');
  await page.getByRole('link', { name: 'POP Documents' }).click();
  const list = page.getByRole('region', { name: 'My POP Documents' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await page.reload();
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toHaveCount(0);
});

test("a page's first formatters find Intl's data loaded by a worker the security policy allows", async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const worker = page.waitForEvent('worker');
  await page.reload();
  expect((await worker).url()).toMatch(/\/intl-warm-up\.[0-9a-f]+\.js$/);
  // The home's prices and dates are drawn as before.
  await expect(page.getByRole('region', { name: 'My POP Documents' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(/^\$\d+\.\d\d$/);
  expect(errors).toEqual([]);
});

test('a signed-in page is private: it carries the user, never a token, and no cache may keep it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Username').fill('demo.employer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Secure Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeHidden();
  const response = await page.request.get('/document/new', { headers: { accept: 'text/html' } });
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const html = await response.text();
  expect(html).toContain('"username":"demo.employer"');
  expect(html).toMatch(
    /<link rel="preload" as="script" fetchpriority="low" href="\/remotes\/mf-documents\/[^"]+\/remoteEntry\.js">/,
  );
  expect(html).not.toMatch(/access_?token|refresh_?token|eyJ[\w-]+\.eyJ/i);

  // Signed out, the same address is the guest's page again.
  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Secure Sign In' })).toBeVisible();
  const guest = await page.request.get('/document/new', { headers: { accept: 'text/html' } });
  expect(await guest.text()).not.toContain('demo.employer');
});

test("the new order form's code comes with the page, its reads start before the form's code runs, and each is fetched once", async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await page.waitForLoadState('networkidle');
  // Every request of a reload of the form, in the order the browser sent them.
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    sent.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.goto('/document/new');
  await expect(page.getByLabel('Company Name', { exact: true })).toBeVisible();
  const reads = sent.filter((line) => line.startsWith('GET /api/')).map((line) => line.slice(4));
  expect(duplicates(reads)).toEqual([]);
  const blank = sent.findIndex((line) => line.startsWith('GET /api/epop/document/new/'));
  const draft = sent.indexOf('GET /api/document-draft?form=new');
  // The product (its fees): the form's last read, which the largest paint waited for when the form asked.
  const product = sent.findIndex((line) => line.startsWith('GET /api/product/epop/'));
  expect(blank).toBeGreaterThan(-1);
  expect(draft).toBeGreaterThan(-1);
  expect(product).toBeGreaterThan(-1);
  // The page names the remote's App files and the shell's form kit beside the shell's script (the
  // gateway reads them from the builds' records): the browser fetches them before any of the reads,
  // rather than in two waves after the shell's script has run, and each script once (the preloads are
  // what the federation runtime's script tags use).
  const html = await (await page.request.get('/document/new', { headers: { accept: 'text/html' } })).text();
  const preloaded = [
    ...html.matchAll(/<link rel="preload" as="script" fetchpriority="low" href="([^"]+)">/g),
  ].map(([, href]) => href!);
  expect(
    preloaded.filter((href) => /^\/remotes\/mf-documents\/[^/]+\/(?!remoteEntry)[\w.-]+\.js$/.test(href))
      .length,
  ).toBeGreaterThan(0);
  expect(preloaded.filter((href) => /^\/[\w.-]+\.js$/.test(href)).length).toBeGreaterThan(0);
  for (const href of preloaded) {
    expect(sent).toContain(`GET ${href}`);
    expect(sent.indexOf(`GET ${href}`)).toBeLessThan(Math.min(blank, draft, product));
  }
  const scripts = sent.filter((line) => /^GET \/.+\.js$/.test(line));
  expect(duplicates(scripts)).toEqual([]);
});
