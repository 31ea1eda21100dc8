import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { BOOT_BLOCK_ID } from 'shared-domain';
import { buildApp } from '../src/app.js';
import { shellPage } from '../src/routes/static/shell-page.js';
import { eventually, fakeShell, tempDir, testConfig } from './helpers.js';

const BUILT = '<!doctype html><html><head><title>POP</title></head><body><div id="root"></div></body></html>';

/** A cart-api that answers the login messages it is given, and counts the calls. */
async function startMessages(messages: { current: unknown; status?: number }) {
  const app = Fastify();
  const calls: { url: string; requestId: unknown }[] = [];
  app.get('/system-message/config/refresh-token', async () => ({ enabled: true }));
  app.get('/system-message', async (request, reply) => {
    calls.push({ url: request.url, requestId: request.headers['x-request-id'] });
    return reply.code(messages.status ?? 200).send(messages.current);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => app.close() };
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

/** The boot block of a page, parsed (undefined when it has none). */
function bootOf(html: string): unknown {
  const match = new RegExp(`<script id="${BOOT_BLOCK_ID}" type="application/json">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

const WELCOME = [{ message: 'Welcome to POP Documents.', style: 'info' }];

describe("index.html carries the login page's system messages (the boot block)", () => {
  const data = tempDir('shell-page');
  const shellDir = join(data.path, 'shell');
  const messages: { current: unknown; status?: number } = { current: WELCOME };
  let cart: Awaited<ReturnType<typeof startMessages>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    fakeShell(shellDir);
    writeFileSync(join(shellDir, 'index.html'), BUILT);
    cart = await startMessages(messages);
    app = await buildApp(testConfig({ DATA_DIR: data.path, SHELL_DIR: shellDir, CART_API_URL: cart.url }));
  });
  afterAll(async () => {
    await app?.close();
    await cart?.close();
    data.remove();
  });

  const page = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) },
    });

  it('writes them into the page, in every encoding, for / and client routes alike, fetched once', async () => {
    for (const url of ['/', '/profile', '/admin/orders?page=2']) {
      for (const [acceptEncoding, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await page(url, acceptEncoding);
        const html = decoded(response);
        expect({
          url,
          acceptEncoding,
          status: response.statusCode,
          encoding: response.headers['content-encoding'],
          type: response.headers['content-type'],
          cache: response.headers['cache-control'],
          vary: response.headers.vary,
          boot: bootOf(html),
          rest: html.replace(/<script id="pop-boot".*?<\/script>/, ''),
        }).toEqual({
          url,
          acceptEncoding,
          status: 200,
          encoding,
          type: 'text/html; charset=utf-8',
          cache: 'no-cache',
          vary: 'accept-encoding, cookie, sec-fetch-site',
          boot: { systemMessages: { login: WELCOME } },
          rest: BUILT,
        });
      }
    }
    // In <head>, before the shell's scripts; one call to cart-api for all of these page loads.
    expect(decoded(await page('/'))).toContain('</script></head>');
    expect(cart.calls.map((call) => call.url)).toEqual(['/system-message?location=login']);
    expect(cart.calls[0]!.requestId).toEqual(expect.any(String));
  });
});

describe('shellPage', () => {
  const data = tempDir('shell-page-unit');
  const shellDir = data.path;
  const messages: { current: unknown; status?: number } = { current: WELCOME };
  let cart: Awaited<ReturnType<typeof startMessages>>;
  let server: FastifyInstance;
  let clock = 0;

  beforeAll(async () => {
    writeFileSync(join(shellDir, 'index.html'), BUILT);
    cart = await startMessages(messages);
    server = Fastify();
    const shell = shellPage({
      shellDir,
      loginMessagesUrl: `${cart.url}/system-message?location=login`,
      log: server.log,
      ttlMs: 30_000,
      now: () => clock,
    });
    server.get('/', (request, reply) => shell.send(request, reply, () => reply.send('the built file')));
  });
  afterAll(async () => {
    await server?.close();
    await cart?.close();
    data.remove();
  });

  const load = async () => decoded(await server.inject({ method: 'GET', url: '/' }));

  it('escapes what could end the script element, so a message cannot inject markup', async () => {
    const hostile = [{ message: '</script><script>alert(1)</script><!--', style: 'danger' }];
    messages.current = hostile;
    clock += 60_000;
    await load(); // renews in the background, serving the previous page meanwhile
    const html = await eventually(async () => {
      const page = await load();
      expect(bootOf(page)).toEqual({ systemMessages: { login: hostile } });
      return page;
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(bootOf(html)).toEqual({ systemMessages: { login: hostile } });
  });

  it('renews the messages after the time to live, and at once when the shell is rebuilt', async () => {
    messages.current = WELCOME;
    clock += 60_000;
    await load();
    await eventually(async () =>
      expect(bootOf(await load())).toEqual({ systemMessages: { login: WELCOME } }),
    );
    const before = cart.calls.length;
    clock += 10_000; // within the time to live: no call
    await load();
    expect(cart.calls.length).toBe(before);

    // A new build of the shell is sent at its first load, with the messages.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(join(shellDir, 'index.html'), BUILT.replace('POP', 'POP v2'));
    const rebuilt = await load();
    expect(rebuilt).toContain('<title>POP v2</title>');
    expect(bootOf(rebuilt)).toEqual({ systemMessages: { login: WELCOME } });
  });

  it('sends the built page as it is while cart-api cannot answer, and asks again only after a pause', async () => {
    messages.status = 503;
    messages.current = { message: 'down' };
    // A new build forces a renewal now: it fails.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(join(shellDir, 'index.html'), BUILT.replace('POP', 'POP v3'));
    expect(await load()).toBe('the built file');
    const calls = cart.calls.length;
    expect(await load()).toBe('the built file');
    expect(cart.calls.length).toBe(calls);
    // Back: the next renewal after the pause writes them again.
    messages.status = 200;
    messages.current = WELCOME;
    clock += 6_000;
    await load();
    await eventually(async () =>
      expect(bootOf(await load())).toEqual({ systemMessages: { login: WELCOME } }),
    );
  });
});

/**
 * A guest's page says that the request had no session when the browser would have sent its cookie
 * (a typed address or our own link), so the shell draws the sign-in page without asking /bff/user.
 */
describe("shellPage: a guest's page says 'guest' only when the request could have carried the session", () => {
  const data = tempDir('shell-page-guest');
  const messages: { current: unknown; status?: number } = { current: WELCOME };
  let cart: Awaited<ReturnType<typeof startMessages>>;
  let server: FastifyInstance;

  beforeAll(async () => {
    writeFileSync(join(data.path, 'index.html'), BUILT);
    cart = await startMessages(messages);
    server = Fastify();
    const shell = shellPage({
      shellDir: data.path,
      loginMessagesUrl: `${cart.url}/system-message?location=login`,
      log: server.log,
      pageUser: async (request) => {
        if (request.headers.cookie === 'store-away') throw new Error('the session store is away');
        return request.headers.cookie === 'signed-in' ? { userId: 'u-1', roleGroup: 'broker' } : undefined;
      },
    });
    server.get('/*', (request, reply) => shell.send(request, reply, () => reply.send('the built file')));
  });
  afterAll(async () => {
    await server?.close();
    await cart?.close();
    data.remove();
  });

  const boot = async (headers: Record<string, string>) =>
    bootOf(decoded(await server.inject({ method: 'GET', url: '/document/new', headers })));

  it('says so to a typed address, a bookmark and our own links, with the login messages', async () => {
    for (const site of ['none', 'same-origin']) {
      expect(await boot({ 'sec-fetch-site': site })).toEqual({
        systemMessages: { login: WELCOME },
        guest: true,
      });
    }
  });

  it("does not to another site's link, a browser that does not say, or while the session store is away", async () => {
    const unknown = { systemMessages: { login: WELCOME } };
    for (const site of ['cross-site', 'same-site'])
      expect(await boot({ 'sec-fetch-site': site })).toEqual(unknown);
    expect(await boot({})).toEqual(unknown);
    expect(await boot({ 'sec-fetch-site': 'none', cookie: 'store-away' })).toEqual(unknown);
  });

  it("gives a signed-in user's page the user, never 'guest'", async () => {
    const page = (await boot({ 'sec-fetch-site': 'none', cookie: 'signed-in' })) as Record<string, unknown>;
    expect(page.user).toEqual({ userId: 'u-1', roleGroup: 'broker' });
    expect(page.guest).toBeUndefined();
  });
});
