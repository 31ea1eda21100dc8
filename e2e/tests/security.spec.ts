import { expect, test, type Response } from '@playwright/test';
import { jwtsIn } from 'shared-domain/testing';
import { signIn } from './support.js';

test('the browser holds one HttpOnly session cookie and never a token', async ({ page }) => {
  const bodies: { url: string; text: string }[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/json|text|javascript|html/.test(type)) return;
    reading.push(
      response
        .text()
        .then((text) => void bodies.push({ url: response.url(), text }))
        .catch(() => undefined),
    );
  });

  await signIn(page, 'demo.broker');
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();
  await page.goto('/basket');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My POP Documents' })).toBeVisible();

  const cookies = await page.context().cookies();
  expect(cookies).toHaveLength(1);
  const [session] = cookies;
  expect(session!.name.startsWith('__Host-')).toBe(true);
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  expect(session!.domain).toBe('localhost');

  const storage = await page.evaluate(() => ({
    documentCookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  expect(storage.documentCookie).toBe('');
  for (const store of [storage.local, storage.session]) {
    expect(jwtsIn(store)).toEqual([]);
    expect(store).not.toMatch(/token/i);
  }

  await Promise.all(reading);
  expect(bodies.length).toBeGreaterThan(5);
  for (const { url, text } of bodies) {
    expect({ url, jwts: jwtsIn(text) }).toEqual({ url, jwts: [] });
    expect({ url, token: /access_token|refresh_token|id_token/.test(text) }).toEqual({ url, token: false });
  }
});
