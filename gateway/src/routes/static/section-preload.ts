import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  isFilePath,
  isPackageName,
  isVersion,
  REMOTE_ENTRY,
  REMOTE_MANIFEST_FILE,
} from '../../lib/remote-registry.js';
import { compatibilityLine, SHELL_MANIFEST_FILE } from '../../lib/shared-singletons.js';
/** More than any build names: a record that lists more is not one of ours and is ignored. */
const MAX_FILES = 32;
const MAX_SHARED = 128;
const MAX_TEXT = 214;
/** A build's record is a few hundred bytes: a larger one is not parsed. */
const MAX_RECORD_BYTES = 64 * 1024;
/** Remote versions whose record is kept (each a few hundred bytes; published versions never change). */
const MAX_KEPT = 256;

export interface SectionPreloadOptions {
  shellDir: string;
  /** A file of a published version (its bytes), undefined when there is none. */
  readRemoteFile(packageName: string, version: string, path: string): Promise<Buffer | undefined>;
  log: FastifyBaseLogger;
}

/** What a remote's build says its sections' pages load first (pop-remote.json `preload`). */
interface RemotePreload {
  files: string[];
  /** Share key → the version the remote would bring of it. */
  shared: Record<string, string>;
}

/** The shell's files of each shared module it provides lazily (pop-shell.json `sharedFiles`). */
type SharedFiles = Map<string, { version: string; files: string[]; takes: string[] }>;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;

/** A script of a build as webpack names one (`571.f3053a934b.js`, `dates.73ef25514d.js`). */
const SCRIPT = /^[\w.-]+(\/[\w.-]+)*\.js$/;
const isScript = (value: unknown): value is string =>
  typeof value === 'string' && SCRIPT.test(value) && isFilePath(value);

function parseJson(bytes: Buffer): unknown {
  if (bytes.length > MAX_RECORD_BYTES) return undefined;
  try {
    return JSON.parse(bytes.toString()) as unknown;
  } catch {
    return undefined;
  }
}

const RELEASE = /^(\d+)\.(\d+)\.(\d+)$/;

/**
 * Whether the federation runtime takes the shell's copy over the remote's own: nothing of it loaded yet,
 * it takes the highest version the remote accepts (`^built`), and the shell's, registered first, on a
 * tie. So the same compatibility line, at the remote's version or later (a pre-release only when equal).
 */
export function shellCopyServes(provided: string, built: string): boolean {
  if (provided === built) return true;
  const [a, b] = [RELEASE.exec(provided), RELEASE.exec(built)];
  if (!a || !b || compatibilityLine(provided) !== compatibilityLine(built)) return false;
  for (let part = 1; part <= 3; part += 1) {
    if (Number(a[part]) !== Number(b[part])) return Number(a[part]) > Number(b[part]);
  }
  return true;
}

/** `preload` of a remote's record, or undefined when it has none or it is not what a build writes. */
export function remotePreloadOf(manifest: unknown): RemotePreload | undefined {
  const preload = (manifest as { preload?: unknown } | undefined)?.preload;
  if (typeof preload !== 'object' || preload === null) return undefined;
  const { files, shared } = preload as { files?: unknown; shared?: unknown };
  if (!Array.isArray(files) || files.length > MAX_FILES || !files.every(isScript)) return undefined;
  if (typeof shared !== 'object' || shared === null || Array.isArray(shared)) return undefined;
  const entries = Object.entries(shared as Record<string, unknown>);
  if (entries.length > MAX_SHARED || !entries.every(([key, version]) => isText(key) && isText(version))) {
    return undefined;
  }
  return { files, shared: Object.fromEntries(entries) as Record<string, string> };
}

/** `sharedFiles` of the shell's record (an empty map when it has none). */
export function sharedFilesOf(manifest: unknown): SharedFiles {
  const sharedFiles = (manifest as { sharedFiles?: unknown } | undefined)?.sharedFiles;
  const map: SharedFiles = new Map();
  if (typeof sharedFiles !== 'object' || sharedFiles === null) return map;
  for (const [key, value] of Object.entries(sharedFiles as Record<string, unknown>)) {
    const {
      version,
      files,
      takes = [],
    } = (value ?? {}) as { version?: unknown; files?: unknown; takes?: unknown };
    if (
      isText(key) &&
      isText(version) &&
      Array.isArray(files) &&
      files.every(isScript) &&
      Array.isArray(takes) &&
      takes.every(isText)
    ) {
      map.set(key, { version, files, takes });
    }
  }
  return map;
}

/**
 * The shell's files for the shared modules a remote takes (`wanted`: share key → the version the remote
 * would bring), and for those they take in turn, wherever the shell's copy is the one the runtime uses.
 */
function shellFilesFor(wanted: Record<string, string>, provided: SharedFiles): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const queue = Object.keys(wanted);
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const shell = provided.get(key);
    const built = wanted[key];
    // A module the remote brings no copy of has only the shell's to run.
    if (!shell || (built !== undefined && !shellCopyServes(shell.version, built))) continue;
    files.push(...shell.files.map((file) => `/${file}`));
    queue.push(...shell.takes);
  }
  return files;
}

/**
 * The scripts a remote section's page names beside the shell's (`<link rel="preload">`), so they
 * travel with it rather than in two waves after it (the entry run, then its App's chunks, then the
 * shared modules those take): the remote's entry, the files of its App (its build's `preload.files`),
 * and the shell's files of each lazy shared module App takes where the runtime will use the shell's
 * copy (`shellCopyServes`; otherwise the remote's own copy runs, and a preload of the shell's would be
 * bytes for nothing).
 *
 * A published version never changes, so its record is read and checked once and kept (`MAX_KEPT`
 * versions); the shell's record is read again when its file changes. Anything unreadable names the
 * entry alone.
 */
export function sectionPreload({ shellDir, readRemoteFile, log }: SectionPreloadOptions) {
  const shellFile = join(shellDir, SHELL_MANIFEST_FILE);
  let shell: { stamp: string; files: SharedFiles } | undefined;
  const records = new Map<string, RemotePreload | undefined>();

  async function shellSharedFiles(): Promise<SharedFiles> {
    const { mtimeMs, size, ino } = await stat(shellFile);
    // A deploy that keeps file times still changes the size or the inode of a rewritten file.
    const stamp = `${mtimeMs}:${size}:${ino}`;
    if (shell?.stamp !== stamp) shell = { stamp, files: sharedFilesOf(parseJson(await readFile(shellFile))) };
    return shell.files;
  }

  async function remotePreload(packageName: string, version: string): Promise<RemotePreload | undefined> {
    const key = `${packageName}/${version}`;
    if (records.has(key)) return records.get(key);
    const record = await readRemoteFile(packageName, version, REMOTE_MANIFEST_FILE);
    const preload = record ? remotePreloadOf(parseJson(record)) : undefined;
    // A record not found may be published later: only what was read is kept.
    if (record) {
      records.set(key, preload);
      if (records.size > MAX_KEPT) records.delete(records.keys().next().value!);
    }
    return preload;
  }

  return async function preloadsOf(entry: string): Promise<string[]> {
    // `/remotes/<package>/<version>/remoteEntry.js`, as the registry names an entry (remoteManifest).
    const [root, remotes, packageName = '', version = '', file, ...rest] = entry.split('/');
    const published = root === '' && remotes === 'remotes' && file === REMOTE_ENTRY && rest.length === 0;
    if (!published || !isPackageName(packageName) || !isVersion(version)) return [entry];
    try {
      const preload = await remotePreload(packageName, version);
      if (!preload) return [entry];
      const provided = await shellSharedFiles().catch(() => new Map() as SharedFiles);
      const own = preload.files.map((file) => `/remotes/${packageName}/${version}/${file}`);
      return [...new Set([entry, ...own, ...shellFilesFor(preload.shared, provided)])];
    } catch (error) {
      log.warn({ err: error, entry }, "a section's first files unreadable: its page names the entry alone");
      return [entry];
    }
  };
}
