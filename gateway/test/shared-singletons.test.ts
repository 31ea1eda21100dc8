import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { runCli } from '../src/cli.js';
import { readRegistry, RegistryError } from '../src/lib/remote-registry.js';
import { compatibilityLine } from '../src/lib/shared-singletons.js';
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
  let env: { DATA_DIR: string; SHELL_DIR: string };
  let remotesDir: string;
  const lines: string[] = [];
  const cli = (...argv: string[]) => runCli(argv, env, (line) => lines.push(line));
  const build = (marker: string, manifest: object | undefined) =>
    adminBuild(join(data.path, marker), marker, manifest);
  /** What a refused command left behind: the registry's pointer and the version folders on disk. */
  const published = () => ({
    current: readRegistry(remotesDir).remotes['mf-admin']?.current,
    folders: existsSync(join(remotesDir, 'mf-admin')) ? readdirSync(join(remotesDir, 'mf-admin')).sort() : [],
  });
  /** The message of the RegistryError the command throws (the CLI prints it and exits 1). */
  const refusal = (...argv: string[]) => {
    try {
      cli(...argv);
    } catch (error) {
      expect(error).toBeInstanceOf(RegistryError);
      return (error as Error).message;
    }
    throw new Error(`${argv.join(' ')} was not refused`);
  };

  beforeEach(() => {
    data = tempDir('singletons');
    env = { DATA_DIR: data.path, SHELL_DIR: fakeShell(join(data.path, 'shell')) };
    remotesDir = join(data.path, 'remotes');
    lines.length = 0;
  });
  afterEach(() => data.remove());

  it('publishes a build whose singletons have the shell’s majors (a newer minor or patch is fine)', () => {
    cli('publish-remote', 'mf-admin', '--dist', build('same', withShared(SHARED_VERSIONS)));
    const first = published();
    expect(first.folders).toEqual([first.current]);
    expect(lines.at(-1)).toMatch(/^mf-admin 0\.1\.0-[0-9a-f]{10} published/);

    cli(
      'publish-remote',
      'mf-admin',
      '--dist',
      build(
        'newer-minor',
        withShared({ ...SHARED_VERSIONS, react: '19.4.0', 'react-dom': '19.4.0', swr: '2.0.0' }),
      ),
    );
    expect(published().current).not.toBe(first.current);
  });

  it('refuses a build made with another react major, naming react and both versions, and writes nothing', () => {
    cli('publish-remote', 'mf-admin', '--dist', build('before', withShared(SHARED_VERSIONS)));
    const before = published();

    const message = refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('react-18', withShared({ ...SHARED_VERSIONS, react: '18.3.1' })),
    );
    expect(message).toContain('mf-admin was built with react 18.3.1 but the shell provides react 19.3.1');
    expect(message).not.toContain('react-dom');
    expect(message).toContain('Nothing was changed');
    expect(published()).toEqual(before);
  });

  it('refuses a shared-ui of another 0.x minor (semver: for 0.x the minor is the major)', () => {
    const message = refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('shared-ui-0.2', withShared({ ...SHARED_VERSIONS, 'shared-ui': '0.2.0' })),
    );
    expect(message).toContain(
      'mf-admin was built with shared-ui 0.2.0 but the shell provides shared-ui 0.1.0',
    );
    expect(published()).toEqual({ current: undefined, folders: [] });
    // A patch of the same 0.1 line is compatible.
    cli(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('shared-ui-0.1.7', withShared({ ...SHARED_VERSIONS, 'shared-ui': '0.1.7' })),
    );
    expect(published().current).toBeDefined();
  });

  it('names every mismatching package', () => {
    const message = refusal(
      'publish-remote',
      'mf-admin',
      '--dist',
      build('many', withShared({ ...SHARED_VERSIONS, 'react-router': '8.0.0', swr: '3.1.0' })),
    );
    expect(message).toContain('react-router 8.0.0 but the shell provides react-router 7.18.5');
    expect(message).toContain('swr 3.1.0 but the shell provides swr 2.5.1');
  });

  it('refuses a build that does not record its singletons, telling to rebuild it (no guess from package.json)', () => {
    for (const [marker, manifest] of [
      ['no-manifest', undefined],
      ['sections-only', { sections: ['admin'] }],
      ['no-swr', withShared({ ...SHARED_VERSIONS, swr: undefined })],
      ['not-a-version', withShared({ ...SHARED_VERSIONS, react: 'latest' })],
    ] as const) {
      const message = refusal('publish-remote', 'mf-admin', '--dist', build(marker, manifest));
      expect({ marker, message }).toEqual({
        marker,
        message: expect.stringContaining('rebuild it with `pnpm --filter mf-admin build`'),
      });
      expect(message).toContain(join(data.path, marker, 'pop-remote.json'));
    }
    expect(published()).toEqual({ current: undefined, folders: [] });
  });

  it('refuses when the deployed shell does not record what it provides', () => {
    rmSync(join(env.SHELL_DIR, 'pop-shell.json'));
    const message = refusal('publish-remote', 'mf-admin', '--dist', build('ok', withShared(SHARED_VERSIONS)));
    expect(message).toContain(`the shell build at ${env.SHELL_DIR} does not record`);
    expect(message).toContain('pop-shell.json');
    expect(published()).toEqual({ current: undefined, folders: [] });
  });

  it('refuses a rollback to a version the shell deployed since can no longer host', () => {
    cli('publish-remote', 'mf-admin', '--dist', build('on-19', withShared(SHARED_VERSIONS)));
    const on19 = published().current!;
    // The shell moves to React 20 (redeployed), then the admin team ships a React 20 build.
    const react20 = { ...SHARED_VERSIONS, react: '20.0.1', 'react-dom': '20.0.1' };
    fakeShell(env.SHELL_DIR, react20);
    cli('publish-remote', 'mf-admin', '--dist', build('on-20', withShared(react20)));
    const on20 = published().current!;

    const message = refusal('rollback-remote', 'mf-admin', on19);
    expect(message).toContain(`Refused to roll back mf-admin to ${on19}`);
    expect(message).toContain('react 19.3.1 but the shell provides react 20.0.1');
    expect(message).toContain('react-dom 19.3.1 but the shell provides react-dom 20.0.1');
    expect(published().current).toBe(on20);

    // Back on a React 19 shell, the rollback goes through.
    fakeShell(env.SHELL_DIR);
    cli('rollback-remote', 'mf-admin', on19);
    expect(published().current).toBe(on19);
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
