import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MESSAGES } from 'shared-domain';
import { E2E_DATA_DIR } from './stack.js';
import { signIn } from './support.js';

/** The pid the stack's supervisor keeps for a running service. */
const pidOf = (service: string) =>
  Number(readFileSync(join(E2E_DATA_DIR, 'stack', `${service}.pid`), 'utf8'));

// Whatever happens in the journey, the next one starts with cart-api back (the supervisor restarts it).
test.afterEach(async ({ request }) => {
  await expect.poll(async () => (await request.get('/healthz')).status(), { timeout: 60_000 }).toBe(200);
});

test('cart-api crashes under the running stack: 502 and the toast, then the same session works again', async ({
  page,
}) => {
  await signIn(page, 'demo.broker');
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();

  const before = pidOf('cart-api');
  process.kill(before, 'SIGKILL');

  // While it is down: the gateway answers in the catalogue's format, and the session itself holds.
  const down = await page.request.get('/api/order?page=1', { headers: { 'X-CSRF': '1' } });
  expect([502, 503, 504]).toContain(down.status());
  expect(await down.json()).toEqual({ message: expect.any(String) });
  expect((await page.request.get('/bff/user', { headers: { 'X-CSRF': '1' } })).status()).toBe(200);
  await page.goto('/basket');
  await expect(page.getByText(MESSAGES.connectionError)).toBeVisible();

  // The supervisor brings it back (a new process), and the same session reads the cart again.
  await expect.poll(() => pidOf('cart-api'), { timeout: 20_000 }).not.toBe(before);
  await expect.poll(async () => (await page.request.get('/healthz')).status(), { timeout: 30_000 }).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
});
