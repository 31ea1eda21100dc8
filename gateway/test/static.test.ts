import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { readRegistry, RegistryError } from '../src/lib/remote-registry.js';
import { fakeShell, tempDir, testConfig } from './helpers.js';

function fakeRemoteBuild(dir: string, marker: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${marker} */ var mf_ordering;`);
  writeFileSync(join(dir, '123.4f5e6d7c8b.js'), 'chunk');
  return dir;
}

describe('shell, remotes and the remote registry', () => {
  const data = tempDir('static');
  const remotesDir = join(data.path, 'remotes');
  const env = { DATA_DIR: data.path };
  let app: FastifyInstance;
  const lines: string[] = [];
  const cli = (...argv: string[]) => runCli(argv, env, (line) => lines.push(line));

  beforeAll(async () => {
    app = await buildApp(
      testConfig({
        ...env,
        SHELL_DIR: fakeShell(join(data.path, 'shell')),
        CART_API_URL: 'http://127.0.0.1:9',
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
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
    cli('publish-remote', 'mf-ordering', '--dist', first);
    const v1 = readRegistry(remotesDir).remotes['mf-ordering']!.current;
    expect(v1).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);

    const manifest = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(manifest.json()).toEqual({
      remotes: [{ name: 'mf_ordering', entry: `/remotes/mf-ordering/${v1}/remoteEntry.js` }],
    });

    const entry = await app.inject({ method: 'GET', url: `/remotes/mf-ordering/${v1}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('one');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The same build again: same version, nothing rewritten.
    cli('publish-remote', 'mf-ordering', '--dist', first);
    expect(lines.at(-1)).toContain('already published');

    const second = fakeRemoteBuild(join(data.path, 'build-2'), 'two');
    cli('publish-remote', 'mf-ordering', '--dist', second);
    const v2 = readRegistry(remotesDir).remotes['mf-ordering']!.current;
    expect(v2).not.toBe(v1);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      remotes: [{ name: 'mf_ordering', entry: `/remotes/mf-ordering/${v2}/remoteEntry.js` }],
    });
    // The old version stays reachable for browsers that still run it.
    expect(readFileSync(join(remotesDir, 'mf-ordering', v1, 'remoteEntry.js'), 'utf8')).toContain('one');

    cli('rollback-remote', 'mf-ordering', v1);
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      remotes: [{ name: 'mf_ordering', entry: `/remotes/mf-ordering/${v1}/remoteEntry.js` }],
    });

    lines.length = 0;
    cli('list-remotes');
    expect(lines).toEqual(['mf-ordering', ...[v1, v2].sort().map((v) => `  ${v === v1 ? '*' : ' '} ${v}`)]);
  });

  it('refuses to publish without a build or to roll back to an unknown version', () => {
    expect(() => cli('publish-remote', 'mf-ordering', '--dist', join(data.path, 'nothing'))).toThrow(
      RegistryError,
    );
    expect(() => cli('rollback-remote', 'mf-ordering', '9.9.9-0000000000')).toThrow(RegistryError);
    expect(() => cli('publish-remote', '../evil', '--dist', data.path)).toThrow(RegistryError);
  });

  it('serves only files inside published versions', async () => {
    for (const url of [
      '/remotes/registry.json',
      '/remotes/mf-ordering/..%2f..%2fregistry.json/x',
      '/remotes/mf-ordering/0.0.0-0000000000/remoteEntry.js',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
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
