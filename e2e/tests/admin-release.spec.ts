import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { E2E_DATA_DIR } from './stack.js';
import { signIn } from './support.js';

/**
 * The admin team releases mf-admin on its own (issue 12): `pnpm --filter mf-admin build` (run by
 * `pnpm build` before the journeys; the stack published that build at start), then the gateway's
 * publish command against the running stack's registry. The shell is neither rebuilt nor restarted.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_DIST = join(root, 'mf-admin/dist');
const HEADING = 'Order Management';
const NEW_HEADING = 'Order Management · release check';

/** The gateway's registry CLI against the stack's data folder, as the admin team would run it. */
function gatewayCli(...args: string[]) {
  const result = spawnSync('node', [join(root, 'gateway/dist/cli.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    // The stack's gateway gets DATA_DIR (its registry is $DATA_DIR/gateway.sqlite) and serves shell/dist.
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', SHELL_DIR: '' },
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** The version a publish printed: `mf-admin <version> published (sections: admin); …`. */
function versionIn(out: string): string {
  const match = /^mf-admin (\S+) (?:already )?published/.exec(out);
  if (!match) throw new Error(`no version in: ${out}`);
  return match[1]!;
}

/**
 * A copy of the admin build whose Order Management heading reads differently: another build, so
 * another content hash and version folder. Changed files get fresh `.br`/`.gz` siblings, as the build
 * writes them (the gateway sends those to a browser that accepts them).
 */
function changedBuild(into: string, from: string, to: string): string {
  cpSync(ADMIN_DIST, into, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(into, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const path = join(into, file);
    const code = readFileSync(path, 'utf8');
    if (!code.includes(from)) continue;
    const next = Buffer.from(code.replaceAll(from, to));
    writeFileSync(path, next);
    rmSync(`${path}.br`, { force: true });
    rmSync(`${path}.gz`, { force: true });
    writeFileSync(`${path}.br`, brotliCompressSync(next, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(next, { level: 9 }));
    changed += 1;
  }
  if (changed === 0) throw new Error(`${from} is in no file of ${ADMIN_DIST}`);
  return into;
}

/** The mf-admin versions whose files the page asked for, in order. */
function adminVersionsLoaded(page: Page): string[] {
  const versions: string[] = [];
  page.on('request', (request) => {
    const match = /\/remotes\/mf-admin\/([^/]+)\//.exec(new URL(request.url()).pathname);
    if (match && !versions.includes(match[1]!)) versions.push(match[1]!);
  });
  return versions;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.describe('mf-admin is released and rolled back alone', () => {
  let work: string;
  let live: string;

  test.beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'pop-admin-release-'));
    // The build `pnpm --filter mf-admin build` left is the version the stack published at start.
    const same = gatewayCli('publish-remote', 'mf-admin');
    expect(same.status, same.err).toBe(0);
    expect(same.out).toContain('already published');
    live = versionIn(same.out);
  });

  test.afterAll(() => {
    // The other journeys find the admin build the stack published.
    gatewayCli('rollback-remote', 'mf-admin', live);
    rmSync(work, { recursive: true, force: true });
  });

  test('a new admin build shows on the next page load; rollback restores the old one', async ({ page }) => {
    const loaded = adminVersionsLoaded(page);
    await signIn(page, 'demo.compliance');
    await expect(heading(page, HEADING)).toBeVisible();
    expect(loaded).toEqual([live]);

    const published = gatewayCli(
      'publish-remote',
      'mf-admin',
      '--dist',
      changedBuild(join(work, 'next'), `"${HEADING}"`, `"${NEW_HEADING}"`),
    );
    expect(published.status, published.err).toBe(0);
    expect(published.out).toMatch(/^mf-admin \S+ published \(sections: admin\); registry now points at it$/);
    const next = versionIn(published.out);
    expect(next).not.toBe(live);

    // The page already open keeps the version it loaded; the next load gets the new one.
    await expect(heading(page, HEADING)).toBeVisible();
    loaded.length = 0;
    await page.reload();
    await expect(heading(page, NEW_HEADING)).toBeVisible();
    expect(loaded).toEqual([next]);
    // The shell was not touched: its navigation leads into the new version's other pages.
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Clients' })
      .click();
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    expect(loaded).toEqual([next]);

    const rolledBack = gatewayCli('rollback-remote', 'mf-admin', live);
    expect(rolledBack.status, rolledBack.err).toBe(0);
    expect(rolledBack.out).toBe(`mf-admin now points at ${live}`);
    const list = gatewayCli('list-remotes');
    expect(list.out).toContain(`  * ${live}`);
    expect(list.out).toContain(`    ${next}`);

    loaded.length = 0;
    await page.goto('/');
    await expect(heading(page, HEADING)).toBeVisible();
    await expect(heading(page, NEW_HEADING)).toHaveCount(0);
    expect(loaded).toEqual([live]);
  });

  test('publishing refuses a build whose react major differs from the shell’s, naming react; nothing changes', async ({
    page,
  }) => {
    const build = join(work, 'react-18');
    cpSync(ADMIN_DIST, build, { recursive: true });
    const manifestFile = join(build, 'pop-remote.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: Record<string, string> };
    const provided = manifest.shared.react!;
    manifest.shared.react = '18.3.1';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    rmSync(`${manifestFile}.br`, { force: true });
    rmSync(`${manifestFile}.gz`, { force: true });

    const refused = gatewayCli('publish-remote', 'mf-admin', '--dist', build);
    expect(refused.status).toBe(1);
    expect(refused.err).toContain(
      `mf-admin was built with react 18.3.1 but the shell provides react ${provided}`,
    );
    expect(gatewayCli('list-remotes').out).toContain(`  * ${live}`);

    const loaded = adminVersionsLoaded(page);
    await signIn(page, 'demo.compliance');
    await expect(heading(page, HEADING)).toBeVisible();
    expect(loaded).toEqual([live]);
  });
});
