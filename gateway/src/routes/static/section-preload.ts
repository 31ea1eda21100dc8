import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isFilePath, isPackageName, isVersion, REMOTE_MANIFEST_FILE } from '../../lib/remote-registry.js';
import { SHELL_MANIFEST_FILE } from '../../lib/shared-singletons.js';
/** More than any build names: a record that lists more is not one of ours and is ignored. */
const MAX_FILES = 32;
const MAX_SHARED = 128;
const MAX_TEXT = 214;
const ENTRY = /^\/remotes\/([^/]+)\/([^/]+)\/remoteEntry\.js$/;

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
type SharedFiles = Map<string, { version: string; files: string[] }>;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;

/** A script of a build as webpack names one (`571.f3053a934b.js`, `dates.73ef25514d.js`). */
const SCRIPT = /^[\w.-]+(\/[\w.-]+)*\.js$/;
const isScript = (value: unknown): value is string =>
  typeof value === 'string' && SCRIPT.test(value) && isFilePath(value);

function parseJson(bytes: Buffer | string): unknown {
  try {
    return JSON.parse(bytes.toString()) as unknown;
  } catch {
    return undefined;
  }
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
    const { version, files } = (value ?? {}) as { version?: unknown; files?: unknown };
    if (isText(key) && isText(version) && Array.isArray(files) && files.every(isScript)) {
      map.set(key, { version, files });
    }
  }
  return map;
}

/**
 * The scripts a remote section's page names beside the shell's (`<link rel="preload">`), so they
 * travel with it rather than in two waves after it (the entry run, then its App's chunks, then the
 * shared modules those take): the remote's entry, the files of its App (its build's `preload.files`),
 * and the shell's files of each lazy shared module App takes, when the shell provides the very version
 * the remote was built with (the runtime then takes the shell's, registered first; another version may
 * be the remote's own copy, and a preload of the shell's would be bytes for nothing).
 *
 * A published version never changes, so its record is read once (through the remote files' cache); the
 * shell's record is read again when the shell is rebuilt. Anything unreadable leaves the entry alone.
 */
export function sectionPreload({ shellDir, readRemoteFile, log }: SectionPreloadOptions) {
  const shellFile = join(shellDir, SHELL_MANIFEST_FILE);
  let shell: { mtimeMs: number; files: SharedFiles } | undefined;

  async function shellSharedFiles(): Promise<SharedFiles> {
    const { mtimeMs } = await stat(shellFile);
    if (shell?.mtimeMs !== mtimeMs) {
      shell = { mtimeMs, files: sharedFilesOf(parseJson(await readFile(shellFile))) };
    }
    return shell.files;
  }

  return async function preloadsOf(entry: string): Promise<string[]> {
    const [, packageName = '', version = ''] = ENTRY.exec(entry) ?? [];
    if (!isPackageName(packageName) || !isVersion(version)) return [entry];
    try {
      const record = await readRemoteFile(packageName, version, REMOTE_MANIFEST_FILE);
      const preload = record && remotePreloadOf(parseJson(record));
      if (!preload) return [entry];
      const sharedFiles = await shellSharedFiles().catch(() => new Map() as SharedFiles);
      const shellFiles = Object.entries(preload.shared).flatMap(([key, wanted]) => {
        const provided = sharedFiles.get(key);
        return provided?.version === wanted ? provided.files.map((file) => `/${file}`) : [];
      });
      const own = preload.files.map((file) => `/remotes/${packageName}/${version}/${file}`);
      return [...new Set([entry, ...own, ...shellFiles])];
    } catch (error) {
      log.warn({ err: error, entry }, "a section's first files unreadable: its page names the entry alone");
      return [entry];
    }
  };
}
