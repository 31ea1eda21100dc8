import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { readRegistry, RegistryError } from '../src/lib/remote-registry.js';
import { fakeShell, rawRequest, SHARED_VERSIONS, tempDir, testConfig } from './helpers.js';

// The registry lives in the gateway's database: SQLite here, PostgreSQL with TEST_DB=postgres.

/** mf-ordering/package.json `pop.sections`: what a build declaring no sections is published with. */
const ORDERING = ['basket', 'checkout', 'orders'];

/** A remote build recording the shell's singleton versions (and no sections) in its pop-remote.json. */
function fakeRemoteBuild(dir: string, marker: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${marker} */ var mf_ordering;`);
  writeFileSync(join(dir, '123.4f5e6d7c8b.js'), 'chunk');
  writeFileSync(join(dir, 'pop-remote.json'), JSON.stringify({ shared: SHARED_VERSIONS }));
  return dir;
}

describe('shell, remotes and the remote registry', () => {
  const data = tempDir('static');
  let testDb: TestDatabase;
  let env: Record<string, string>;
  let app: FastifyInstance;
  const lines: string[] = [];
  const cli = (...argv: string[]) => runCli(argv, env, (line) => lines.push(line));
  const current = async () => (await readRegistry(app.gatewayDb)).remotes['mf-ordering']!.current;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = { DATA_DIR: data.path, SHELL_DIR: join(data.path, 'shell'), DATABASE_URL: testDb.url };
    fakeShell(env.SHELL_DIR!);
    app = await buildApp(testConfig({ ...env, CART_API_URL: 'http://127.0.0.1:9' }));
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    data.remove();
  });

  it('answers an empty /remotes.json before anything is published', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ remotes: [] });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('publishes a remote build to an immutable versioned folder and points /remotes.json at it', async () => {
    const first = fakeRemoteBuild(join(data.path, 'build-1'), 'one');
    await cli('publish-remote', 'mf-ordering', '--dist', first);
    const v1 = await current();
    expect(v1).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);

    const manifest = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(manifest.json()).toEqual({
      remotes: [
        { name: 'mf_ordering', entry: `/remotes/mf-ordering/${v1}/remoteEntry.js`, sections: ORDERING },
      ],
    });

    const entry = await app.inject({ method: 'GET', url: `/remotes/mf-ordering/${v1}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('one');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The same build again: same version, nothing rewritten.
    await cli('publish-remote', 'mf-ordering', '--dist', first);
    expect(lines.at(-1)).toBe(
      `mf-ordering ${v1} already published (sections: basket, checkout, orders); registry now points at it`,
    );

    const second = fakeRemoteBuild(join(data.path, 'build-2'), 'two');
    await cli('publish-remote', 'mf-ordering', '--dist', second);
    const v2 = await current();
    expect(v2).not.toBe(v1);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      remotes: [
        { name: 'mf_ordering', entry: `/remotes/mf-ordering/${v2}/remoteEntry.js`, sections: ORDERING },
      ],
    });
    // The old version stays reachable for browsers that still run it.
    expect(
      (await app.inject({ method: 'GET', url: `/remotes/mf-ordering/${v1}/remoteEntry.js` })).body,
    ).toContain('one');
    expect(
      (await app.inject({ method: 'GET', url: `/remotes/mf-ordering/${v2}/remoteEntry.js` })).body,
    ).toContain('two');

    await cli('rollback-remote', 'mf-ordering', v1);
    expect(lines.at(-1)).toBe(`mf-ordering now points at ${v1}`);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      remotes: [
        { name: 'mf_ordering', entry: `/remotes/mf-ordering/${v1}/remoteEntry.js`, sections: ORDERING },
      ],
    });

    lines.length = 0;
    await cli('list-remotes');
    expect(lines).toEqual(['mf-ordering', ...[v1, v2].sort().map((v) => `  ${v === v1 ? '*' : ' '} ${v}`)]);
  });

  it('refuses to publish without a build or to roll back to an unknown version; nothing changes', async () => {
    const before = await readRegistry(app.gatewayDb);
    await expect(cli('publish-remote', 'mf-ordering', '--dist', join(data.path, 'nothing'))).rejects.toThrow(
      RegistryError,
    );
    await expect(cli('rollback-remote', 'mf-ordering', '9.9.9-0000000000')).rejects.toThrow(
      'mf-ordering 9.9.9-0000000000 is not published',
    );
    await expect(cli('publish-remote', '../evil', '--dist', data.path)).rejects.toThrow(RegistryError);
    await expect(cli('rollback-remote', 'mf-ordering', '../../x')).rejects.toThrow(RegistryError);
    expect(await readRegistry(app.gatewayDb)).toEqual(before);
  });

  it('serves only files inside published versions, by their exact path', async () => {
    const v1 = await current();
    const entry = `/remotes/mf-ordering/${v1}/remoteEntry.js`;
    expect((await app.inject({ method: 'GET', url: entry })).statusCode).toBe(200);
    for (const url of [
      '/remotes/registry.json',
      '/remotes/mf-ordering/..%2f..%2fregistry.json/x',
      '/remotes/mf-ordering/0.0.0-0000000000/remoteEntry.js',
      `/remotes/mf-ordering/${v1}/`,
      `/remotes/mf-ordering/${v1}/missing.js`,
      `/remotes/mf-ordering/${v1}/x/..%2fremoteEntry.js`,
      `/remotes/mf-ordering/${v1}//remoteEntry.js`,
      `/remotes/mf-ordering/${v1}/.hidden`,
      `/remotes/mf-ordering/${v1}/remoteEntry.js%00`,
      `/remotes/mf-documents/${v1}/remoteEntry.js`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: { message: 'Not found' },
      });
    }
    // Byte for byte as a browser or curl --path-as-is sends it (inject would resolve the dots first).
    for (const path of [
      `/remotes/mf-ordering/${v1}/./remoteEntry.js`,
      `/remotes/mf-ordering/${v1}/x/../remoteEntry.js`,
      `/remotes/mf-ordering/${v1}/../${v1}/remoteEntry.js`,
      `/remotes/mf-ordering/${v1}/%2e%2e/%2e%2e/mf-ordering/${v1}/remoteEntry.js`,
      `/remotes/mf-ordering/${v1}/x/%2e%2e/remoteEntry.js`,
    ]) {
      const response = await rawRequest(app, 'GET', path, {});
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('serves the shell: index.html no-cache, hashed assets long-cached, client routes fall back to index.html', async () => {
    const index = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    expect(index.headers['cache-control']).toBe('no-cache');

    const asset = await app.inject({ method: 'GET', url: '/main.1a2b3c4d5e.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).headers['cache-control']).toBe(
      'no-cache',
    );

    for (const url of ['/profile', '/admin/orders?page=2', '/documents/42/edit']) {
      const page = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect({ url, status: page.statusCode, shell: page.body.includes('id="root"') }).toEqual({
        url,
        status: 200,
        shell: true,
      });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not answer index.html for API paths, missing assets or non-HTML requests', async () => {
    for (const [url, accept] of [
      ['/bff/nothing', 'text/html'],
      ['/remotes/mf-x/1.0.0-abc/missing.js', 'text/html'],
      ['/remotes/mf-x', 'text/html'],
      ['/missing.js', '*/*'],
      ['/profile', 'application/json'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { accept } });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: { message: 'Not found' },
      });
    }
  });
});

/** Writes `file` with its `.br` and `.gz` siblings, as the production build does; returns the three bodies. */
function withEncodings(dir: string, file: string, content: string) {
  mkdirSync(dir, { recursive: true });
  const identity = Buffer.from(content);
  const br = brotliCompressSync(identity);
  const gzip = gzipSync(identity);
  writeFileSync(join(dir, file), identity);
  writeFileSync(join(dir, `${file}.br`), br);
  writeFileSync(join(dir, `${file}.gz`), gzip);
  return { identity, br, gzip };
}

describe('precompressed files', () => {
  const data = tempDir('static-encodings');
  const shellDir = join(data.path, 'shell');
  let testDb: TestDatabase;
  let env: Record<string, string>;
  let app: FastifyInstance;
  let index: ReturnType<typeof withEncodings>;
  let main: ReturnType<typeof withEncodings>;
  let chunk: ReturnType<typeof withEncodings>;
  let version: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = { DATA_DIR: data.path, SHELL_DIR: shellDir, DATABASE_URL: testDb.url };
    fakeShell(shellDir);
    index = withEncodings(
      shellDir,
      'index.html',
      `<!doctype html><div id="root"></div>${'<!-- x -->'.repeat(50)}`,
    );
    main = withEncodings(shellDir, 'main.1a2b3c4d5e.js', `console.log("shell");`.repeat(100));
    const build = join(data.path, 'build');
    fakeRemoteBuild(build, 'compressed');
    chunk = withEncodings(build, '7.0a1b2c3d4e.js', `export const chunk = 1;`.repeat(100));
    await runCli(['publish-remote', 'mf-ordering', '--dist', build], env, () => undefined);
    app = await buildApp(testConfig({ ...env, CART_API_URL: 'http://127.0.0.1:9' }));
    version = (await readRegistry(app.gatewayDb)).remotes['mf-ordering']!.current;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    data.remove();
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: { accept: 'text/html,*/*', ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) },
    });

  it('sends the .br file to a browser that accepts brotli, the .gz to one that accepts gzip only, the file otherwise', async () => {
    for (const [url, bodies, type, cache] of [
      ['/main.1a2b3c4d5e.js', main, 'application/javascript', 'public, max-age=31536000, immutable'],
      ['/', index, 'text/html', 'no-cache'],
      // The SPA fallback is index.html too.
      ['/profile', index, 'text/html', 'no-cache'],
      [
        `/remotes/mf-ordering/${version}/7.0a1b2c3d4e.js`,
        chunk,
        'application/javascript',
        'public, max-age=31536000, immutable',
      ],
    ] as const) {
      for (const [acceptEncoding, encoding, body] of [
        ['gzip, deflate, br, zstd', 'br', bodies.br],
        ['gzip', 'gzip', bodies.gzip],
        [undefined, undefined, bodies.identity],
        ['identity', undefined, bodies.identity],
      ] as const) {
        const response = await get(url, acceptEncoding);
        expect({
          url,
          acceptEncoding,
          status: response.statusCode,
          encoding: response.headers['content-encoding'],
          type: String(response.headers['content-type']).split(';')[0],
          vary: response.headers.vary,
          cache: response.headers['cache-control'],
          same: response.rawPayload.equals(body),
        }).toEqual({
          url,
          acceptEncoding,
          status: 200,
          encoding,
          type,
          // The page depends on the session cookie too (a signed-in user's carries the user, a guest's
          // says whether the browser would have sent one).
          vary: type === 'text/html' ? 'accept-encoding, cookie, sec-fetch-site' : 'accept-encoding',
          cache,
          same: true,
        });
      }
    }
  });

  it('answers HEAD with the headers of the encoded file and no body', async () => {
    for (const [url, bodies] of [
      ['/main.1a2b3c4d5e.js', main],
      [`/remotes/mf-ordering/${version}/7.0a1b2c3d4e.js`, chunk],
    ] as const) {
      const response = await get(url, 'br', 'HEAD');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(bodies.br.length);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe('');
    }
    const missing = await get(`/remotes/mf-ordering/${version}/missing.js`, 'br', 'HEAD');
    expect(missing.statusCode).toBe(404);
  });

  it('honours q-values: gzip preferred over br, br refused, * read as gzip', async () => {
    const url = `/remotes/mf-ordering/${version}/7.0a1b2c3d4e.js`;
    for (const [acceptEncoding, encoding, body] of [
      ['br;q=0.5, gzip;q=0.9', 'gzip', chunk.gzip],
      ['br;q=0, gzip', 'gzip', chunk.gzip],
      ['br;q=0, gzip;q=0', undefined, chunk.identity],
      ['*', 'gzip', chunk.gzip],
      ['deflate', undefined, chunk.identity],
      ['BR', 'br', chunk.br],
    ] as const) {
      const response = await get(url, acceptEncoding);
      expect({
        acceptEncoding,
        encoding: response.headers['content-encoding'],
        same: response.rawPayload.equals(body),
      }).toEqual({ acceptEncoding, encoding, same: true });
    }
  });

  it('answers a conditional request for an unchanged file with 304', async () => {
    const url = `/remotes/mf-ordering/${version}/7.0a1b2c3d4e.js`;
    const first = await get(url, 'br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another encoding is another body, with a tag of its own.
    const gzip = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.rawPayload.equals(chunk.gzip)).toBe(true);
  });

  it('sends a file that has no compressed sibling as is', async () => {
    const response = await get(`/remotes/mf-ordering/${version}/remoteEntry.js`, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('compressed');
  });

  it('publishes the compressed siblings with the remote, as bytes, each file once', async () => {
    const stored = await app.gatewayDb
      .selectFrom('remote_file')
      .select(['path', 'content'])
      .where('package_name', '=', 'mf-ordering')
      .where('version', '=', version)
      .orderBy('path')
      .execute();
    expect(stored.map((file) => file.path)).toEqual([
      '123.4f5e6d7c8b.js',
      '7.0a1b2c3d4e.js',
      '7.0a1b2c3d4e.js.br',
      '7.0a1b2c3d4e.js.gz',
      'pop-remote.json',
      'remoteEntry.js',
    ]);
    const content = (path: string) => stored.find((file) => file.path === path)!.content;
    expect(Buffer.from(content('7.0a1b2c3d4e.js.br')).equals(chunk.br)).toBe(true);
    expect(Buffer.from(content('7.0a1b2c3d4e.js.gz')).equals(chunk.gzip)).toBe(true);
    // A sibling asked for by its own name is that file, as @fastify/static sent it.
    const direct = await get(`/remotes/mf-ordering/${version}/7.0a1b2c3d4e.js.br`);
    expect(direct.rawPayload.equals(chunk.br)).toBe(true);
    expect(direct.headers['content-encoding']).toBeUndefined();
  });
});

describe('sections come from the registry', () => {
  const data = tempDir('static-sections');
  let testDb: TestDatabase;
  let env: Record<string, string>;
  let app: FastifyInstance;
  const cli = (...argv: string[]) => runCli(argv, env, () => undefined);
  const manifest = async () => (await app.inject({ method: 'GET', url: '/remotes.json' })).json();

  function buildWithSections(name: string, sections: string[]): string {
    const dir = fakeRemoteBuild(join(data.path, name), name);
    writeFileSync(join(dir, 'pop-remote.json'), JSON.stringify({ sections, shared: SHARED_VERSIONS }));
    return dir;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = { DATA_DIR: data.path, SHELL_DIR: join(data.path, 'shell'), DATABASE_URL: testDb.url };
    fakeShell(env.SHELL_DIR!);
    app = await buildApp(testConfig({ ...env, CART_API_URL: 'http://127.0.0.1:9' }));
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    data.remove();
  });

  it('lists the sections of each current version; a new section ships with its remote; a rollback restores the old list', async () => {
    await cli(
      'publish-remote',
      'mf-ordering',
      '--dist',
      buildWithSections('one', ['basket', 'checkout', 'orders']),
    );
    const v1 = (await readRegistry(app.gatewayDb)).remotes['mf-ordering']!.current;
    await cli('publish-remote', 'mf-documents', '--dist', buildWithSections('docs', ['document', 'client']));
    expect(await manifest()).toEqual({
      remotes: [
        {
          name: 'mf_documents',
          entry: expect.stringMatching(/^\/remotes\/mf-documents\//),
          sections: ['document', 'client'],
        },
        {
          name: 'mf_ordering',
          entry: `/remotes/mf-ordering/${v1}/remoteEntry.js`,
          sections: ['basket', 'checkout', 'orders'],
        },
      ],
    });

    await cli(
      'publish-remote',
      'mf-ordering',
      '--dist',
      buildWithSections('two', ['basket', 'checkout', 'orders', 'receipts']),
    );
    const v2 = (await readRegistry(app.gatewayDb)).remotes['mf-ordering']!;
    expect(v2.sections).toEqual({
      [v1]: ['basket', 'checkout', 'orders'],
      [v2.current]: ['basket', 'checkout', 'orders', 'receipts'],
    });
    expect((await manifest()).remotes[1]).toEqual({
      name: 'mf_ordering',
      entry: `/remotes/mf-ordering/${v2.current}/remoteEntry.js`,
      sections: ['basket', 'checkout', 'orders', 'receipts'],
    });

    await cli('rollback-remote', 'mf-ordering', v1);
    expect((await manifest()).remotes[1]).toEqual({
      name: 'mf_ordering',
      entry: `/remotes/mf-ordering/${v1}/remoteEntry.js`,
      sections: ['basket', 'checkout', 'orders'],
    });
  });

  it('refuses a build whose sections are not path segments', async () => {
    await expect(
      cli('publish-remote', 'mf-admin', '--dist', buildWithSections('bad', ['Admin/x'])),
    ).rejects.toThrow(RegistryError);
    expect((await readRegistry(app.gatewayDb)).remotes['mf-admin']).toBeUndefined();
  });
});
