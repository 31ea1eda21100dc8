import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { runCli } from '../src/cli.js';
import { openGatewayDatabase, type GatewayDb } from '../src/db/index.js';
import { listRemotes, RegistryError } from '../src/lib/remote-registry.js';
import { compatibilityLine, featureLevel, singletonMismatch } from '../src/lib/shared-singletons.js';
import { fakeShell, SHARED_VERSIONS, tempDir } from './helpers.js';

/** A remote build as shared-ui's webpack factory writes it: pop-remote.json with sections and `shared`. */
function adminBuild(dir: string, marker: string, manifest: object | undefined): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${marker} */ var mf_admin;`);
  if (manifest) writeFileSync(join(dir, 'pop-remote.json'), JSON.stringify(manifest));
  return dir;
}

const withShared = (shared: Record<string, string | undefined>) => ({ sections: ['admin'], shared });

describe('publish-remote and rollback-remote check the shared singletons against the deployed shell', () => {
  let data: ReturnType<typeof tempDir>;
  let testDb: TestDatabase;
  let db: GatewayDb;
  let env: { DATA_DIR: string; SHELL_DIR: string; DATABASE_URL: string };
  const lines: string[] = [];
  const cli = (...argv: string[]) => runCli(argv, env, (line) => lines.push(line));
  const build = (marker: string, manifest: object | undefined) =>
    adminBuild(join(data.path, marker), marker, manifest);
  /** What a refused command left behind: the registry's pointer and the versions stored. */
  const published = async () => {
    const admin = (await listRemotes(db)).find((remote) => remote.packageName === 'mf-admin');
    return { current: admin?.current, versions: admin?.versions ?? [] };
  };
  /** The message of the RegistryError the command throws (the CLI prints it and exits 1). */
  const refusal = async (...argv: string[]) => {
    try {
      await cli(...argv);
    } catch (error) {
      expect(error).toBeInstanceOf(RegistryError);
      return (error as Error).message;
    }
    throw new Error(`${argv.join(' ')} was not refused`);
  };

  beforeEach(async () => {
    data = tempDir('singletons');
    testDb = await createTestDatabase();
    env = { DATA_DIR: data.path, SHELL_DIR: fakeShell(join(data.path, 'shell')), DATABASE_URL: testDb.url };
    db = await openGatewayDatabase(testDb.url);
    lines.length = 0;
  });
  afterEach(async () => {
    await db.destroy();
    await testDb.drop();
    data.remove();
  });

  it('publishes a build whose singletons are the shell’s or older in the same major (a newer patch is fine)', async () => {
    await cli('publish-remote', 'mf-admin', '--dist', build('same', withShared(SHARED_VERSIONS)));
    const first = await published();
    expect(first.versions).toEqual([first.current]);
    expect(lines.at(-1)).toMatch(/^mf-admin 0\.1\.0-[0-9a-f]{10} published/);

    await cli(
      'publish-remote',
      'mf-admin',
      '--dist',
      build(
        'older-minor',
        withShared({
          ...SHARED_VERSIONS,
          react: '19.0.0',
          'react-dom': '19.2.4',
          swr: '2.0.0',
          'react-router': '7.18.9',
        }),
      ),
    );
    expect((await published()).current).not.toBe(first.current);
  });

  it('refuses a build made with another react major, naming react and both versions, and writes nothing', async () => {
    await cli('publish-remote', 'mf-admin', '--dist', build('before', withShared(SHARED_VERSIONS)));
    const before = await published();

    const message = await refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('react-18', withShared({ ...SHARED_VERSIONS, react: '18.3.1' })),
    );
    expect(message).toContain('mf-admin was built with react 18.3.1 but the shell provides react 19.3.1');
    expect(message).not.toContain('react-dom');
    expect(message).toContain('Nothing was changed');
    expect(await published()).toEqual(before);
  });

  it('refuses a remote built against a newer shared-ui minor than the shell’s; the same or an older one publishes', async () => {
    fakeShell(env.SHELL_DIR, { ...SHARED_VERSIONS, 'shared-ui': '1.2.0' });
    const sharedUi = (version: string) => withShared({ ...SHARED_VERSIONS, 'shared-ui': version });

    const message = await refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('shared-ui-1.3', sharedUi('1.3.0')),
    );
    expect(message).toContain(
      'Refused to publish mf-admin: mf-admin was built with shared-ui 1.3.0 but the shell provides shared-ui 1.2.0, ' +
        "older than the remote's: it may lack what shared-ui 1.3.0 added",
    );
    expect(message).toContain('deploy a shell that provides them first. Nothing was changed.');
    expect(message).not.toContain('react');
    expect(await published()).toEqual({ current: undefined, versions: [] });
    // Another major, newer or older, is refused too.
    expect(
      await refusal('publish-remote', 'mf-admin', '--dist', build('shared-ui-2', sharedUi('2.0.0'))),
    ).toContain(
      'mf-admin was built with shared-ui 2.0.0 but the shell provides shared-ui 1.2.0, another major version',
    );
    expect(
      await refusal('publish-remote', 'mf-admin', '--dist', build('shared-ui-0.9', sharedUi('0.9.0'))),
    ).toContain('shared-ui 0.9.0 but the shell provides shared-ui 1.2.0');
    expect(await published()).toEqual({ current: undefined, versions: [] });

    // The shell's version, an older minor of its major and a newer patch (a fix adds nothing to use) publish.
    for (const version of ['1.2.0', '1.0.0', '1.2.7']) {
      await cli('publish-remote', 'mf-admin', '--dist', build(`shared-ui-${version}`, sharedUi(version)));
      expect(lines.at(-1)).toMatch(/^mf-admin 0\.1\.0-[0-9a-f]{10} published/);
    }
    expect((await published()).versions).toHaveLength(3);
  });

  it('refuses a remote built with another minor of the federation runtime, older or newer: it runs on the shell’s', async () => {
    fakeShell(env.SHELL_DIR, { ...SHARED_VERSIONS, '@module-federation/enhanced': '2.9.2' });
    const runtime = (version: string) =>
      withShared({ ...SHARED_VERSIONS, '@module-federation/enhanced': version });

    for (const version of ['2.8.0', '2.10.0']) {
      expect(
        await refusal('publish-remote', 'mf-admin', '--dist', build(`runtime-${version}`, runtime(version))),
      ).toContain(
        `mf-admin was built with @module-federation/enhanced ${version} but the shell provides ` +
          "@module-federation/enhanced 2.9.2, another minor: a remote runs on the shell's federation runtime",
      );
    }
    expect(await published()).toEqual({ current: undefined, versions: [] });
    // Another patch of the same minor publishes.
    await cli('publish-remote', 'mf-admin', '--dist', build('runtime-2.9.0', runtime('2.9.0')));
    expect(lines.at(-1)).toMatch(/^mf-admin 0\.1\.0-[0-9a-f]{10} published/);
  });

  it('refuses a rollback to a build made with a newer shared-ui than the shell deployed since', async () => {
    fakeShell(env.SHELL_DIR, { ...SHARED_VERSIONS, 'shared-ui': '1.3.0' });
    await cli(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('on-1.3', withShared({ ...SHARED_VERSIONS, 'shared-ui': '1.3.0' })),
    );
    const on13 = (await published()).current!;
    await cli(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('on-1.1', withShared({ ...SHARED_VERSIONS, 'shared-ui': '1.1.0' })),
    );

    // The shell is rolled back to one with shared-ui 1.2.0: the 1.3.0 build may call what it lacks.
    fakeShell(env.SHELL_DIR, { ...SHARED_VERSIONS, 'shared-ui': '1.2.0' });
    const message = await refusal('rollback-remote', 'mf-admin', on13);
    expect(message).toContain(`Refused to roll back mf-admin to ${on13}`);
    expect(message).toContain('shared-ui 1.3.0 but the shell provides shared-ui 1.2.0');
    expect((await published()).current).not.toBe(on13);
  });

  it('holds the other singletons to the same rule: a newer react minor than the shell’s is refused', async () => {
    const message = await refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('react-19.4', withShared({ ...SHARED_VERSIONS, react: '19.4.0', 'react-dom': '19.4.0' })),
    );
    expect(message).toContain(
      "mf-admin was built with react 19.4.0 but the shell provides react 19.3.1, older than the remote's",
    );
    expect(message).toContain('react-dom 19.4.0 but the shell provides react-dom 19.3.1');
    expect(await published()).toEqual({ current: undefined, versions: [] });
  });

  it('reads a 0.x version as semver’s caret does: the minor is the major, the patch the minor', async () => {
    fakeShell(env.SHELL_DIR, { ...SHARED_VERSIONS, 'shared-ui': '0.1.4' });
    const sharedUi = (version: string) => withShared({ ...SHARED_VERSIONS, 'shared-ui': version });
    expect(
      await refusal('publish-remote', 'mf-admin', '--dist', build('shared-ui-0.2', sharedUi('0.2.0'))),
    ).toContain(
      'mf-admin was built with shared-ui 0.2.0 but the shell provides shared-ui 0.1.4, another compatibility line',
    );
    expect(
      await refusal('publish-remote', 'mf-admin', '--dist', build('shared-ui-0.1.7', sharedUi('0.1.7'))),
    ).toContain('shared-ui 0.1.7 but the shell provides shared-ui 0.1.4, older than the remote');
    expect(await published()).toEqual({ current: undefined, versions: [] });
    await cli('publish-remote', 'mf-admin', '--dist', build('shared-ui-0.1.0', sharedUi('0.1.0')));
    expect((await published()).current).toBeDefined();
  });

  it('names every mismatching package', async () => {
    const message = await refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('many', withShared({ ...SHARED_VERSIONS, 'react-router': '8.0.0', swr: '3.1.0' })),
    );
    expect(message).toContain('react-router 8.0.0 but the shell provides react-router 7.18.5');
    expect(message).toContain('swr 3.1.0 but the shell provides swr 2.5.1');
  });

  it('refuses a build that does not record its singletons, telling to rebuild it (no guess from package.json)', async () => {
    for (const [marker, manifest] of [
      ['no-manifest', undefined],
      ['sections-only', { sections: ['admin'] }],
      ['no-swr', withShared({ ...SHARED_VERSIONS, swr: undefined })],
      ['not-a-version', withShared({ ...SHARED_VERSIONS, react: 'latest' })],
    ] as const) {
      const message = await refusal('publish-remote', 'mf-admin', '--dist', build(marker, manifest));
      expect({ marker, message }).toEqual({
        marker,
        message: expect.stringContaining('rebuild it with `pnpm --filter mf-admin build`'),
      });
      expect(message).toContain(join(data.path, marker, 'pop-remote.json'));
    }
    expect(await published()).toEqual({ current: undefined, versions: [] });
  });

  it('refuses when the deployed shell does not record what it provides', async () => {
    rmSync(join(env.SHELL_DIR, 'pop-shell.json'));
    const message = await refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('ok', withShared(SHARED_VERSIONS)),
    );
    expect(message).toContain(`the shell build at ${env.SHELL_DIR} does not record`);
    expect(message).toContain('pop-shell.json');
    expect(await published()).toEqual({ current: undefined, versions: [] });
  });

  it('refuses a rollback to a version the shell deployed since can no longer host', async () => {
    await cli('publish-remote', 'mf-admin', '--dist', build('on-19', withShared(SHARED_VERSIONS)));
    const on19 = (await published()).current!;
    // The shell moves to React 20 (redeployed), then the admin team ships a React 20 build.
    const react20 = { ...SHARED_VERSIONS, react: '20.0.1', 'react-dom': '20.0.1' };
    fakeShell(env.SHELL_DIR, react20);
    await cli('publish-remote', 'mf-admin', '--dist', build('on-20', withShared(react20)));
    const on20 = (await published()).current!;

    const message = await refusal('rollback-remote', 'mf-admin', on19);
    expect(message).toContain(`Refused to roll back mf-admin to ${on19}`);
    expect(message).toContain('react 19.3.1 but the shell provides react 20.0.1');
    expect(message).toContain('react-dom 19.3.1 but the shell provides react-dom 20.0.1');
    expect((await published()).current).toBe(on20);

    // Back on a React 19 shell, the rollback goes through.
    fakeShell(env.SHELL_DIR);
    await cli('rollback-remote', 'mf-admin', on19);
    expect((await published()).current).toBe(on19);
  });
});

describe('compatibilityLine', () => {
  it('is the major, the 0.x minor, or the 0.0.x patch; undefined for what is not semver', () => {
    expect(compatibilityLine('19.3.1')).toBe('19');
    expect(compatibilityLine('7.18.5-beta.1')).toBe('7');
    expect(compatibilityLine('0.1.0')).toBe('0.1');
    expect(compatibilityLine('0.0.3')).toBe('0.0.3');
    expect(compatibilityLine('latest')).toBeUndefined();
    expect(compatibilityLine('^19.0.0')).toBeUndefined();
  });
});

describe('singletonMismatch', () => {
  it('accepts the same line at the same or a lower feature level; refuses another line or a higher level', () => {
    expect(featureLevel('1.3.2')).toBe(3);
    expect(featureLevel('0.1.4')).toBe(4);
    expect(featureLevel('0.0.3')).toBe(0);
    const cases: [built: string, provided: string, expected: ReturnType<typeof singletonMismatch>][] = [
      ['1.2.0', '1.2.0', undefined],
      ['1.1.0', '1.2.0', undefined],
      ['1.2.9', '1.2.0', undefined],
      ['1.3.0', '1.2.0', 'newer'],
      ['2.0.0', '1.2.0', 'another-line'],
      ['1.2.0', '2.0.0', 'another-line'],
      ['19.3.1-rc.1', '19.3.1', undefined],
      ['0.1.3', '0.1.4', undefined],
      ['0.1.5', '0.1.4', 'newer'],
      ['0.2.0', '0.1.4', 'another-line'],
      ['0.0.3', '0.0.4', 'another-line'],
    ];
    expect(cases.map(([built, provided]) => singletonMismatch(built, provided))).toEqual(
      cases.map(([, , expected]) => expected),
    );
  });
});
