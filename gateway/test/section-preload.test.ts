import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { remotePreloadOf, sectionPreload, shellCopyServes } from '../src/routes/static/section-preload.js';
import { fakeShell, tempDir } from './helpers.js';

const ENTRY = '/remotes/mf-documents/0.1.0-abc1234567/remoteEntry.js';

/** A remote's record as its build writes it (shared-ui/build/webpack.js), with this `preload`. */
const remoteRecord = (preload: unknown) =>
  Buffer.from(JSON.stringify({ sections: ['document'], shared: {}, preload }));

const PRELOAD = {
  files: ['571.f3053a934b.js', '309.42440cca74.js'],
  shared: { react: '19.3.1', 'shared-ui/forms': '5.2.0', 'date-fns/parse': '4.4.0' },
};

/** The shell's record: the kit and the date functions it provides lazily, where, and what each takes. */
const SHARED_FILES = {
  'shared-ui/forms': { version: '5.2.0', files: ['318.bc70028ede.js'], takes: ['date-fns/parse'] },
  'date-fns/parse': { version: '4.4.0', files: ['dates.73ef25514d.js'], takes: [] },
};

describe("a section's page names its remote's first files (issue 24 item 8)", () => {
  const shell = tempDir('section-preload');
  const log = Fastify().log;
  let records: Record<string, Buffer | Error>;
  const reads: string[] = [];
  const readRemoteFile = async (packageName: string, version: string, path: string) => {
    reads.push(`${packageName}/${version}/${path}`);
    const record = records[`${packageName}/${version}/${path}`];
    if (record instanceof Error) throw record;
    return record;
  };
  const preloadsOf = () => sectionPreload({ shellDir: shell.path, readRemoteFile, log });
  const writeShellRecord = (sharedFiles: unknown) =>
    writeFileSync(join(shell.path, 'pop-shell.json'), JSON.stringify({ shared: {}, sharedFiles }));

  beforeEach(() => {
    fakeShell(shell.path);
    writeShellRecord(SHARED_FILES);
    records = { 'mf-documents/0.1.0-abc1234567/pop-remote.json': remoteRecord(PRELOAD) };
    reads.length = 0;
  });
  afterAll(() => shell.remove());

  it("names the entry, App's files in its version's folder, and the shell's files of the shared modules App takes", async () => {
    expect(await preloadsOf()(ENTRY)).toEqual([
      ENTRY,
      '/remotes/mf-documents/0.1.0-abc1234567/571.f3053a934b.js',
      '/remotes/mf-documents/0.1.0-abc1234567/309.42440cca74.js',
      '/318.bc70028ede.js',
      '/dates.73ef25514d.js',
    ]);
  });

  it("leaves out a shared module whose copy the runtime takes from the remote: another line, or a newer version than the shell's", async () => {
    const own = [
      ENTRY,
      '/remotes/mf-documents/0.1.0-abc1234567/571.f3053a934b.js',
      '/remotes/mf-documents/0.1.0-abc1234567/309.42440cca74.js',
    ];
    const withShared = (shared: Record<string, string>) => {
      records['mf-documents/0.1.0-abc1234567/pop-remote.json'] = remoteRecord({ ...PRELOAD, shared });
      return preloadsOf()(ENTRY);
    };
    // The kit matches; the remote brings a newer date-fns, which the runtime takes: its own.
    expect(await withShared({ 'shared-ui/forms': '5.2.0', 'date-fns/parse': '4.5.0' })).toEqual([
      ...own,
      '/318.bc70028ede.js',
    ]);
    // A remote built on an older kit of the same line runs the shell's.
    expect(await withShared({ 'shared-ui/forms': '5.1.3', 'date-fns/parse': '4.4.0' })).toEqual([
      ...own,
      '/318.bc70028ede.js',
      '/dates.73ef25514d.js',
    ]);
    // A newer patch, or another major, of the kit: the remote's own (and nothing it takes through it).
    expect(await withShared({ 'shared-ui/forms': '5.2.1' })).toEqual(own);
    expect(await withShared({ 'shared-ui/forms': '4.9.0' })).toEqual(own);
    // What the kit takes, the remote does not bring: only the shell's can run.
    expect(await withShared({ 'shared-ui/forms': '5.2.0' })).toEqual([
      ...own,
      '/318.bc70028ede.js',
      '/dates.73ef25514d.js',
    ]);
  });

  it("reads a version's record once, and never parses one larger than a build writes", async () => {
    const preloads = preloadsOf();
    await preloads(ENTRY);
    await preloads(ENTRY);
    expect(reads).toEqual(['mf-documents/0.1.0-abc1234567/pop-remote.json']);
    records['mf-documents/0.1.0-abc1234567/pop-remote.json'] = Buffer.concat([
      remoteRecord(PRELOAD).subarray(0, -1),
      Buffer.from(`,"padding":"${'x'.repeat(70_000)}"}`),
    ]);
    expect(await preloadsOf()(ENTRY)).toEqual([ENTRY]);
  });

  it('names the entry alone for a version published before builds recorded it, or an unreadable record', async () => {
    records['mf-documents/0.1.0-abc1234567/pop-remote.json'] = remoteRecord(undefined);
    expect(await preloadsOf()(ENTRY)).toEqual([ENTRY]);
    delete records['mf-documents/0.1.0-abc1234567/pop-remote.json'];
    expect(await preloadsOf()(ENTRY)).toEqual([ENTRY]);
    records['mf-documents/0.1.0-abc1234567/pop-remote.json'] = new Error(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(await preloadsOf()(ENTRY)).toEqual([ENTRY]);
    records['mf-documents/0.1.0-abc1234567/pop-remote.json'] = Buffer.from('{not json');
    expect(await preloadsOf()(ENTRY)).toEqual([ENTRY]);
  });

  it("names the remote's own files when the shell's record is missing or says nothing of them", async () => {
    writeShellRecord(undefined);
    const own = [
      ENTRY,
      '/remotes/mf-documents/0.1.0-abc1234567/571.f3053a934b.js',
      '/remotes/mf-documents/0.1.0-abc1234567/309.42440cca74.js',
    ];
    expect(await preloadsOf()(ENTRY)).toEqual(own);
    shell.remove();
    expect(await preloadsOf()(ENTRY)).toEqual(own);
  });

  it("reads the shell's record again once the shell is rebuilt", async () => {
    const preloads = preloadsOf();
    expect(await preloads(ENTRY)).toContain('/318.bc70028ede.js');
    writeShellRecord({ 'shared-ui/forms': { version: '5.2.0', files: ['402.9e95996853.js'], takes: [] } });
    // A rebuild writes a new file: its time moves on.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(shell.path, 'pop-shell.json'), later, later);
    expect(await preloads(ENTRY)).toContain('/402.9e95996853.js');
  });

  it('asks nothing for an entry that is not a published remote entry', async () => {
    for (const entry of [
      '/remotes/mf-documents/0.1.0/other.js',
      '/remotes/../x/remoteEntry.js',
      'https://cdn.example/remoteEntry.js',
    ]) {
      expect(await preloadsOf()(entry)).toEqual([entry]);
    }
    expect(reads).toEqual([]);
  });
});

describe("a remote's record is taken only in the shape its build writes", () => {
  it.each([
    ['files outside the version folder', { files: ['../../../main.js'], shared: {} }],
    ['a path that is not a script', { files: ['index.html'], shared: {} }],
    ['a quote that would end the attribute', { files: ['a".js'], shared: {} }],
    ['a hidden file', { files: ['.env.js'], shared: {} }],
    ['an absolute address', { files: ['https://evil.example/x.js'], shared: {} }],
    ['more files than a build names', { files: Array.from({ length: 33 }, (_, i) => `${i}.js`), shared: {} }],
    ['versions that are not text', { files: [], shared: { react: 19 } }],
    ['no shared map', { files: [] }],
  ])('refuses %s', (_what, preload) => {
    expect(remotePreloadOf({ preload })).toBeUndefined();
  });

  it('accepts what a build writes', () => {
    expect(remotePreloadOf({ preload: PRELOAD })).toEqual(PRELOAD);
  });
});

describe('whose copy of a shared module the runtime takes (the highest version the remote accepts)', () => {
  it.each([
    ['5.2.0', '5.2.0', true],
    ['5.3.0', '5.2.0', true],
    ['5.2.1', '5.2.0', true],
    ['5.2.0', '5.2.1', false],
    ['6.0.0', '5.2.0', false],
    ['0.2.0', '0.1.0', false],
    ['5.2.0-rc.1', '5.2.0', false],
    ['5.2.0-rc.1', '5.2.0-rc.1', true],
  ])("the shell's %s for a remote built with %s: %s", (provided, built, serves) => {
    expect(shellCopyServes(provided, built)).toBe(serves);
  });
});
