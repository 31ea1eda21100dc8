import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { startIdentityApi, type TestIdentityApi } from 'identity-api/testing';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { BOOT_BLOCK_ID } from 'shared-domain';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { shellPage } from '../src/routes/static/shell-page.js';
import {
  CSRF,
  fakeShell,
  identityEnv,
  SHARED_VERSIONS,
  sessionCookieOf,
  startEcho,
  tempDir,
  testConfig,
  withSession,
  type EchoServer,
} from './helpers.js';

// Issue 25 item 2: the registry and the bundles live in the gateway's database, so every gateway
// instance on one DATABASE_URL serves what any of them published. SQLite here; PostgreSQL (the cluster's
// case) with TEST_DB=postgres.

const PASSWORD = 'GoodPass2026';
const onPostgres = process.env.TEST_DB === 'postgres';

/** An mf-admin build as shared-ui's webpack factory writes it; `marker` makes its bytes its own. */
function adminBuild(dir: string, marker: string): string {
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${marker} */ var mf_admin;`);
  writeFileSync(join(dir, 'static', 'page.0a1b2c3d4e.js'), `export const page = '${marker}';`);
  writeFileSync(
    join(dir, 'pop-remote.json'),
    JSON.stringify({ sections: ['admin'], shared: SHARED_VERSIONS }),
  );
  return dir;
}

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

const entryOf = (version: string) => `/remotes/mf-admin/${version}/remoteEntry.js`;
const adminRegistry = (version: string) => ({
  remotes: [{ name: 'mf_admin', entry: entryOf(version), sections: ['admin'] }],
});

describe('two gateway instances on one database', () => {
  const data = tempDir('two-gateways');
  const shellDir = join(data.path, 'shell');
  let testDb: TestDatabase;
  let identity: TestIdentityApi;
  let cart: EchoServer;
  const gateways: Record<'a' | 'b', FastifyInstance> = {} as never;
  const cookies: Partial<Record<'a' | 'b', string>> = {};
  const lines: string[] = [];

  /** Each instance has its own DATA_DIR (sessions, secret) and the one DATABASE_URL. */
  const envOf = (name: string) => ({
    DATA_DIR: join(data.path, name),
    SHELL_DIR: shellDir,
    DATABASE_URL: testDb.url,
    ...identityEnv(identity, { accounts: identity.url, cart: cart.url }),
  });
  /** The registry CLI as an operator runs it on the host of instance `name`. */
  const cliOn = (name: 'a' | 'b', ...argv: string[]) => runCli(argv, envOf(name), (line) => lines.push(line));
  const manifestOf = async (name: 'a' | 'b') => {
    const response = await gateways[name].inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const entryBodyOf = async (name: 'a' | 'b', version: string) => {
    const response = await gateways[name].inject({ method: 'GET', url: entryOf(version) });
    expect({ name, version, status: response.statusCode }).toEqual({ name, version, status: 200 });
    return response.body;
  };
  /** A signed-in compliance user's page of the admin section on instance `name`. */
  const adminPageOf = async (name: 'a' | 'b') => {
    const response = await gateways[name].inject({
      method: 'GET',
      url: '/admin/orders',
      headers: { accept: 'text/html', 'accept-encoding': 'br', cookie: withSession(cookies[name]!).cookie! },
    });
    expect(response.statusCode).toBe(200);
    return decoded(response);
  };
  const publishedVersion = () => /^mf-admin (\S+) /.exec(lines.at(-1) ?? '')?.[1] ?? '';

  beforeAll(async () => {
    testDb = await createTestDatabase();
    fakeShell(shellDir);
    identity = await startIdentityApi({
      users: [{ username: 'release.compliance', password: PASSWORD, roles: ['compliance'] }],
    });
    cart = await startEcho('cart');
    gateways.a = await buildApp(testConfig(envOf('a')));
    gateways.b = await buildApp(testConfig(envOf('b')));
    for (const name of ['a', 'b'] as const) {
      const login = await gateways[name].inject({
        method: 'POST',
        url: '/bff/login',
        headers: CSRF,
        payload: { username: 'release.compliance', password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      cookies[name] = sessionCookieOf(login);
    }
  });
  afterAll(async () => {
    await gateways.a?.close();
    await gateways.b?.close();
    await cart?.close();
    await identity?.close();
    await testDb?.drop();
    data.remove();
  });

  it('a publish through one instance is served by the other at its next request; a rollback through the other likewise', async () => {
    expect(await manifestOf('b')).toEqual({ remotes: [] });

    await cliOn('a', 'publish-remote', 'mf-admin', '--dist', adminBuild(join(data.path, 'one'), 'one'));
    const one = publishedVersion();
    expect(lines.at(-1)).toBe(`mf-admin ${one} published (sections: admin); registry now points at it`);
    // B never saw the publish: it reads the pointer and the files from the shared database.
    expect(await manifestOf('b')).toEqual(adminRegistry(one));
    expect(await entryBodyOf('b', one)).toContain('one');
    const pageB = await adminPageOf('b');
    expect(bootOf(pageB)?.remotes).toEqual(adminRegistry(one));
    expect(pageB).toContain(`<link rel="preload" as="script" fetchpriority="low" href="${entryOf(one)}">`);

    await cliOn('a', 'publish-remote', 'mf-admin', '--dist', adminBuild(join(data.path, 'two'), 'two'));
    const two = publishedVersion();
    expect(two).not.toBe(one);
    for (const name of ['a', 'b'] as const) {
      expect(await manifestOf(name)).toEqual(adminRegistry(two));
      expect(bootOf(await adminPageOf(name))?.remotes).toEqual(adminRegistry(two));
      expect(await entryBodyOf(name, two)).toContain('two');
    }

    // Rolled back on B's host: A's next page load runs the old version again.
    await cliOn('b', 'rollback-remote', 'mf-admin', one);
    expect(lines.at(-1)).toBe(`mf-admin now points at ${one}`);
    expect(await manifestOf('a')).toEqual(adminRegistry(one));
    expect(bootOf(await adminPageOf('a'))?.remotes).toEqual(adminRegistry(one));
    // Both versions stay served by both, for the pages that still run the newer one.
    for (const name of ['a', 'b'] as const) {
      expect(await entryBodyOf(name, one)).toContain('one');
      expect(await entryBodyOf(name, two)).toContain('two');
    }

    lines.length = 0;
    await cliOn('a', 'list-remotes');
    expect(lines).toEqual(['mf-admin', ...[one, two].sort().map((v) => `  ${v === one ? '*' : ' '} ${v}`)]);
  });

  it('publishing the same build through both instances (at once on PostgreSQL) stores it once and reuses it', async () => {
    const build = adminBuild(join(data.path, 'three'), 'three');
    lines.length = 0;
    const publish = (name: 'a' | 'b') => cliOn(name, 'publish-remote', 'mf-admin', '--dist', build);
    // better-sqlite3 waits for a lock synchronously: two writers in one process (this test, not two
    // hosts) would block each other's thread, so on SQLite the second publish follows the first.
    if (onPostgres) await Promise.all([publish('a'), publish('b')]);
    else for (const name of ['a', 'b'] as const) await publish(name);
    const versions = lines.map((line) => /^mf-admin (\S+) /.exec(line)?.[1]);
    expect(new Set(versions).size).toBe(1);
    expect(lines.filter((line) => line.includes(' already published ')).length).toBe(1);
    const three = versions[0]!;
    const files = await gateways.a.gatewayDb
      .selectFrom('remote_file')
      .select('path')
      .where('version', '=', three)
      .orderBy('path')
      .execute();
    expect(files.map((file) => file.path)).toEqual([
      'pop-remote.json',
      'remoteEntry.js',
      'static/page.0a1b2c3d4e.js',
    ]);
    expect(await manifestOf('b')).toEqual(adminRegistry(three));
  });

  it("a version's files are never rewritten: a later build with the same file names leaves them as they were", async () => {
    await cliOn('a', 'publish-remote', 'mf-admin', '--dist', adminBuild(join(data.path, 'four'), 'four'));
    const four = publishedVersion();
    const asset = `/remotes/mf-admin/${four}/static/page.0a1b2c3d4e.js`;
    // A caches it; B reads it from the database only later.
    expect((await gateways.a.inject({ method: 'GET', url: asset })).body).toContain("'four'");

    // The same build published again (even a file touched back to the same bytes) is the same version.
    await cliOn(
      'b',
      'publish-remote',
      'mf-admin',
      '--dist',
      adminBuild(join(data.path, 'four-again'), 'four'),
    );
    expect(lines.at(-1)).toBe(
      `mf-admin ${four} already published (sections: admin); registry now points at it`,
    );
    // Other bytes under the same names are another version; the first one is untouched.
    await cliOn('b', 'publish-remote', 'mf-admin', '--dist', adminBuild(join(data.path, 'five'), 'five'));
    const five = publishedVersion();
    expect(five).not.toBe(four);
    for (const name of ['a', 'b'] as const) {
      expect((await gateways[name].inject({ method: 'GET', url: asset })).body).toContain("'four'");
    }
    // And the database itself refuses a second copy of a stored file (by outcome: a driver's error
    // may come from another realm than Jest's Error).
    const outcome = await gateways.b.gatewayDb
      .insertInto('remote_file')
      .values({
        package_name: 'mf-admin',
        version: four,
        path: 'remoteEntry.js',
        content: Buffer.from('evil'),
      })
      .execute()
      .then(
        () => 'stored',
        () => 'refused',
      );
    expect(outcome).toBe('refused');
    expect(await entryBodyOf('b', four)).toContain('four');
  });
});

/** A TCP relay to PostgreSQL that the test can cut: the database unreachable, then back. */
async function startRelay(
  target: URL,
): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  await listen();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: listen,
  };
}

// A SQLite file cannot become unreachable while open; the cluster's PostgreSQL can.
(onPostgres ? describe : describe.skip)('when the gateway database is unreachable', () => {
  const data = tempDir('registry-down');
  let testDb: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let app: FastifyInstance;
  let version = '';

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const direct = new URL(testDb.url);
    relay = await startRelay(direct);
    const throughRelay = new URL(testDb.url);
    throughRelay.hostname = '127.0.0.1';
    throughRelay.port = String(relay.port);
    const env = { DATA_DIR: data.path, SHELL_DIR: fakeShell(join(data.path, 'shell')) };
    const lines: string[] = [];
    await runCli(
      ['publish-remote', 'mf-admin', '--dist', adminBuild(join(data.path, 'build'), 'down')],
      { ...env, DATABASE_URL: testDb.url },
      (line) => lines.push(line),
    );
    version = /^mf-admin (\S+) /.exec(lines[0]!)![1]!;
    app = await buildApp(
      testConfig({ ...env, DATABASE_URL: throughRelay.toString(), CART_API_URL: 'http://127.0.0.1:9' }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await relay?.cut().catch(() => undefined);
    await testDb?.drop();
    data.remove();
  });

  it('answers /remotes.json 503 {message} and keeps serving the files it already holds; recovers when the database is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(
      adminRegistry(version),
    );
    const entry = await app.inject({ method: 'GET', url: entryOf(version) });
    expect(entry.statusCode).toBe(200);

    await relay.cut();
    const down = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'Unable to connect to server' });
    // A published version never changes: what this instance read once needs no database.
    const cached = await app.inject({ method: 'GET', url: entryOf(version) });
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toBe(entry.body);
    const unread = await app.inject({
      method: 'GET',
      url: `/remotes/mf-admin/${version}/static/page.0a1b2c3d4e.js`,
    });
    expect(unread.statusCode).toBe(503);
    expect(unread.json()).toEqual({ message: 'Unable to connect to server' });

    await relay.restore();
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(
      adminRegistry(version),
    );
    const recovered = await app.inject({
      method: 'GET',
      url: `/remotes/mf-admin/${version}/static/page.0a1b2c3d4e.js`,
    });
    expect(recovered.statusCode).toBe(200);
  });
});

describe('a signed-in page when the registry cannot be read', () => {
  const data = tempDir('page-without-registry');
  let app: FastifyInstance;

  beforeAll(async () => {
    fakeShell(data.path);
    app = Fastify();
    const shell = shellPage({
      shellDir: data.path,
      loginMessagesUrl: 'http://127.0.0.1:9/system-message?location=login',
      log: app.log,
      timeoutMs: 100,
      remotes: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      pageUser: async () => ({ userId: 'u-1', roleGroup: 'compliance' }),
    });
    app.get('/*', (request, reply) => shell.send(request, reply, () => reply.send('built')));
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('is sent with the user and without the registry (the shell then asks /remotes.json itself)', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/orders' });
    expect(response.statusCode).toBe(200);
    const html = decoded(response);
    expect(bootOf(html)).toEqual({ user: { userId: 'u-1', roleGroup: 'compliance' } });
    expect(html).not.toContain('rel="preload"');
  });
});

describe('the memory kept of published files is bounded', () => {
  const data = tempDir('remote-cache');
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let version = '';
  let build = '';

  beforeAll(async () => {
    testDb = await createTestDatabase();
    build = adminBuild(join(data.path, 'build'), 'cached');
    const env = {
      DATA_DIR: data.path,
      SHELL_DIR: fakeShell(join(data.path, 'shell')),
      DATABASE_URL: testDb.url,
    };
    const lines: string[] = [];
    await runCli(['publish-remote', 'mf-admin', '--dist', build], env, (line) => lines.push(line));
    version = /^mf-admin (\S+) /.exec(lines[0]!)![1]!;
    // Room for the larger of the two small files, not for both.
    const sizes = ['remoteEntry.js', 'static/page.0a1b2c3d4e.js'].map(
      (file) => statSync(join(build, file)).size,
    );
    app = await buildApp(
      testConfig({
        ...env,
        REMOTE_CACHE_BYTES: String(Math.max(...sizes)),
        CART_API_URL: 'http://127.0.0.1:9',
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    data.remove();
  });

  it('keeps the files read last within REMOTE_CACHE_BYTES and reads the others from the database again', async () => {
    const get = (path: string) => app.inject({ method: 'GET', url: `/remotes/mf-admin/${version}/${path}` });
    for (const path of ['remoteEntry.js', 'static/page.0a1b2c3d4e.js', 'pop-remote.json']) {
      expect({ path, status: (await get(path)).statusCode }).toEqual({ path, status: 200 });
    }
    // Only to see what is served from memory: the rows go (a published version is never deleted otherwise).
    await app.gatewayDb.deleteFrom('remote_file').where('version', '=', version).execute();
    // The page file was read last and fits; the entry was pushed out by it; pop-remote.json never fits.
    expect((await get('static/page.0a1b2c3d4e.js')).body).toContain("'cached'");
    expect((await get('remoteEntry.js')).statusCode).toBe(404);
    expect((await get('pop-remote.json')).statusCode).toBe(404);
  });
});
