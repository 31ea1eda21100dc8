import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { BOOT_BLOCK_ID } from 'shared-domain';
import { shellPage } from '../src/routes/static/shell-page.js';
import { CSRF, sessionCookieOf, startGateway, tempDir, withSession, type GatewayHarness } from './helpers.js';

const PASSWORD = 'GoodPass2026';

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.rawPayload.toString();
}

function bootOf(html: string): Record<string, unknown> | undefined {
  const match = new RegExp(`<script id="${BOOT_BLOCK_ID}" type="application/json">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

/** Issue 24 item 8: a signed-in user's page carries the session user and the registry. */
describe("a signed-in user's index.html (the boot block)", () => {
  let harness: GatewayHarness;
  let cookie: string;
  let user: Record<string, unknown>;

  beforeAll(async () => {
    harness = await startGateway('signed-in-page', {
      users: [{ username: 'page.broker', password: PASSWORD, roles: ['broker'], firstName: 'Pat' }],
      shell: true,
    });
    const login = await harness.app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'page.broker', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = sessionCookieOf(login)!;
    user = login.json();
  });
  afterAll(() => harness?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('writes the session user and the registry into the page, private and never stored', async () => {
    for (const url of ['/', '/document/new?step=2']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const { cookie: header } = withSession(cookie);
        const response = await page(url, { cookie: header!, 'accept-encoding': encoding });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.headers.vary).toContain('cookie');
        const html = decoded(response);
        expect(bootOf(html)).toEqual({ user, remotes: { remotes: [] } });
        // No token of the session ever reaches the page (ARCHITECTURE.md "Security model").
        expect(html).not.toMatch(/access_?token|refresh_?token|eyJ[\w-]+\.eyJ/i);
      }
    }
    // What /bff/user answers is what the page said.
    const answer = await harness.app.inject({
      method: 'GET',
      url: '/bff/user',
      headers: withSession(cookie),
    });
    expect(answer.json()).toEqual(user);
  });

  it("gives a guest's page, without any user, to a guest, a forged cookie and a signed-out session", async () => {
    const guest = await page('/');
    expect(bootOf(decoded(guest))?.user).toBeUndefined();
    expect(guest.headers['cache-control']).not.toContain('private');

    const [id] = cookie.split('.');
    const forged = await page('/', { cookie: `__Host-pop.sid=${id}.forged-signature` });
    expect(bootOf(decoded(forged))?.user).toBeUndefined();

    // A session of its own, ended: its cookie no longer names anyone.
    const login = await harness.app.inject({
      method: 'POST',
      url: '/bff/login',
      headers: CSRF,
      payload: { username: 'page.broker', password: PASSWORD },
    });
    const ended = sessionCookieOf(login)!;
    const logout = await harness.app.inject({
      method: 'POST',
      url: '/bff/logout',
      headers: withSession(ended),
    });
    expect(logout.statusCode).toBe(204);
    const after = await page('/', { cookie: withSession(ended).cookie! });
    expect(bootOf(decoded(after))?.user).toBeUndefined();
  });
});

describe('shellPage: the remote that owns the path is preloaded on a signed-in page', () => {
  const data = tempDir('shell-page-preload');
  let app: FastifyInstance;
  const registry = {
    remotes: [
      {
        name: 'mf_documents',
        entry: '/remotes/mf-documents/1.0.0-abc/remoteEntry.js',
        sections: ['document'],
      },
      { name: 'mf_admin', entry: '/remotes/mf-admin/1.0.0-def/remoteEntry.js', sections: ['admin'] },
    ],
  };

  beforeAll(async () => {
    mkdirSync(data.path, { recursive: true });
    writeFileSync(join(data.path, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    app = Fastify();
    const signedIn = { userId: 'u-1', roleGroup: 'broker' };
    const shell = shellPage({
      shellDir: data.path,
      loginMessagesUrl: 'http://127.0.0.1:9/system-message?location=login',
      log: app.log,
      timeoutMs: 100,
      remotes: () => registry,
      // As section-preload.ts answers for a build that records its App's files.
      preloadsOf: async (entry) =>
        entry.includes('mf-documents')
          ? [entry, '/remotes/mf-documents/1.0.0-abc/571.a1b2c3d4e5.js', '/318.f6e5d4c3b2.js']
          : [entry],
      pageUser: async (request) => (request.headers.cookie === 'signed-in' ? signedIn : undefined),
    });
    app.get('/*', (request, reply) => shell.send(request, reply, () => reply.send('built')));
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it("links the section owner's first scripts, and nothing for the home or an unknown section", async () => {
    const html = async (url: string) =>
      decoded(await app.inject({ method: 'GET', url, headers: { cookie: 'signed-in' } }));
    expect(await html('/document/new?step=2')).toContain(
      [
        '/remotes/mf-documents/1.0.0-abc/remoteEntry.js',
        '/remotes/mf-documents/1.0.0-abc/571.a1b2c3d4e5.js',
        '/318.f6e5d4c3b2.js',
      ]
        .map((href) => `<link rel="preload" as="script" fetchpriority="low" href="${href}">`)
        .join(''),
    );
    expect(await html('/admin/orders')).toContain('href="/remotes/mf-admin/1.0.0-def/remoteEntry.js"');
    for (const url of ['/', '/profile']) expect(await html(url)).not.toContain('rel="preload"');
    expect(bootOf(await html('/'))).toEqual({
      user: { userId: 'u-1', roleGroup: 'broker' },
      remotes: registry,
    });
  });

  it('sends a guest the page every guest gets', async () => {
    const response = await app.inject({ method: 'GET', url: '/document/new' });
    expect(response.body).not.toContain('u-1');
    expect(response.body).not.toContain('rel="preload"');
  });
});
