import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { GatewayDb } from '../db/index.js';
import type { NewRemoteFile } from '../db/schema.js';
import { sharedSingletonProblem } from './shared-singletons.js';

/**
 * The micro-frontend registry, in the gateway's database (db/schema.ts) so that every gateway
 * instance pointed at it serves the same remotes: immutable published builds (`remote_version`, their
 * files' bytes in `remote_file`) and one pointer per package (`remote_package`). Publishing or rolling
 * back flips a pointer; nothing already published is ever overwritten.
 */
export interface RegistryEntry {
  current: string;
  /** Every published version, oldest first. */
  versions: string[];
  updatedAt: string;
  /** The sections (first path segments) each published version owns, by version. */
  sections: Record<string, string[]>;
}

export interface Registry {
  remotes: Record<string, RegistryEntry>;
}

export interface RemoteManifest {
  /** `sections`: the first path segments the remote renders (`/basket/...`), so the shell needs no table. */
  remotes: { name: string; entry: string; sections: string[] }[];
}

export const REMOTE_ENTRY = 'remoteEntry.js';
/** Emitted by the remote's build from its package.json `pop.sections` (shared-ui/build/webpack.js). */
export const REMOTE_MANIFEST_FILE = 'pop-remote.json';
const PACKAGE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const SECTION = /^[a-z0-9][a-z0-9-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;
/** Longest package name, version and file path kept (the columns are text; these bound what is read). */
const MAX_NAME = 214;
const MAX_PATH = 1024;
/** Rows and bytes per INSERT of a build's files: well under SQLite's and PostgreSQL's parameter limits. */
const INSERT_ROWS = 100;
const INSERT_BYTES = 8 * 1024 * 1024;

export class RegistryError extends Error {}

export function isPackageName(name: string): boolean {
  return name.length <= MAX_NAME && PACKAGE_NAME.test(name);
}

export function isVersion(version: string): boolean {
  return version.length <= MAX_NAME && VERSION.test(version) && !version.includes('..');
}

/**
 * A path a build may hold and the gateway may serve: `/`-separated, no empty, `.` or `..` segment,
 * no dotfile (never served), no backslash or control character.
 */
export function isFilePath(path: string): boolean {
  return (
    path.length > 0 &&
    path.length <= MAX_PATH &&
    ![...path].some((char) => char === '\\' || char < ' ' || char === '\u007f') &&
    path.split('/').every((segment) => segment !== '' && !segment.startsWith('.'))
  );
}

/** The Module Federation name of a package: `mf-ordering` → `mf_ordering`. */
export function federationName(packageName: string): string {
  return packageName.replaceAll('-', '_');
}

function validSections(sections: unknown, source: string): string[] {
  if (!Array.isArray(sections) || !sections.every((s) => typeof s === 'string' && SECTION.test(s))) {
    throw new RegistryError(`${source}: sections must be a list of lower-case path segments`);
  }
  return [...new Set(sections as string[])];
}

/** The sections a build declares in its `pop-remote.json`; undefined when the build declares none. */
export function sectionsOfBuild(dir: string): string[] | undefined {
  const file = join(dir, REMOTE_MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const { sections } = JSON.parse(readFileSync(file, 'utf8')) as { sections?: unknown };
  return sections === undefined ? undefined : validSections(sections, file);
}

/** Sections as stored (a JSON array): a row that is not one lists none rather than breaking the page. */
function storedSections(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What `/remotes.json` answers: each package's current entry point and the sections it owns. One
 * query on primary keys, run per request: a pointer flipped through any instance shows at once.
 */
export async function remoteManifest(db: GatewayDb): Promise<RemoteManifest> {
  const rows = await db
    .selectFrom('remote_package as p')
    .innerJoin('remote_version as v', (join) =>
      join.onRef('v.package_name', '=', 'p.name').onRef('v.version', '=', 'p.current_version'),
    )
    .select(['p.name', 'p.current_version', 'v.sections'])
    .execute();
  return {
    remotes: rows
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((row) => ({
        name: federationName(row.name),
        entry: `/remotes/${row.name}/${row.current_version}/${REMOTE_ENTRY}`,
        sections: storedSections(row.sections),
      })),
  };
}

/** The whole registry: each package's pointer, its versions (oldest first) and their sections. */
export async function readRegistry(db: GatewayDb): Promise<Registry> {
  const [pointers, versions] = await Promise.all([
    db.selectFrom('remote_package').selectAll().execute(),
    db
      .selectFrom('remote_version')
      .select(['package_name', 'version', 'sections'])
      .orderBy('published_at')
      .orderBy('version')
      .execute(),
  ]);
  const remotes: Record<string, RegistryEntry> = {};
  for (const pointer of pointers) {
    const own = versions.filter((v) => v.package_name === pointer.name);
    remotes[pointer.name] = {
      current: pointer.current_version,
      versions: own.map((v) => v.version),
      updatedAt: pointer.updated_at,
      sections: Object.fromEntries(own.map((v) => [v.version, storedSections(v.sections)])),
    };
  }
  return { remotes };
}

/** A file of a published version with its precompressed siblings, as the gateway serves it. */
export interface PublishedFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * `path` of a published version and its `.br`/`.gz` siblings, in one query; undefined when the
 * version or the file does not exist.
 */
export async function readPublishedFile(
  db: GatewayDb,
  packageName: string,
  version: string,
  path: string,
): Promise<PublishedFile | undefined> {
  const rows = await db
    .selectFrom('remote_file')
    .select(['path', 'content'])
    .where('package_name', '=', packageName)
    .where('version', '=', version)
    .where('path', 'in', [path, `${path}.br`, `${path}.gz`])
    .execute();
  const content = (name: string) => rows.find((row) => row.path === name)?.content;
  const identity = content(path);
  if (!identity) return undefined;
  const br = content(`${path}.br`);
  const gzip = content(`${path}.gz`);
  return { identity, ...(br && { br }), ...(gzip && { gzip }) };
}

interface BuildFile {
  path: string;
  content: Buffer;
}

/** Every file of a build folder, its path `/`-separated, sorted by path. */
function filesOf(dir: string): BuildFile[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => ({ path: file.split(sep).join('/'), content: readFileSync(join(dir, file)) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function hashOf(files: BuildFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.path).update('\0').update(file.content).update('\0');
  return hash.digest('hex').slice(0, 10);
}

/** The first 10 hex digits of a SHA-256 over the build's file names and contents. */
export function contentHash(dir: string): string {
  return hashOf(filesOf(dir));
}

export interface PublishOptions {
  packageName: string;
  distDir: string;
  /** The package.json version; the content hash is appended. */
  packageVersion: string;
  /** Used when the build has no `pop-remote.json` (the package.json `pop.sections`). */
  sections?: string[];
  /**
   * The deployed shell's build (`SHELL_DIR`): its `pop-shell.json` names the singleton versions it
   * provides, and a build that needs another major version of one is refused (shared-singletons.ts).
   */
  shellDir: string;
  now?: Date;
}

export interface PublishResult {
  version: string;
  /** False when this exact build was already published (its stored files are reused, never rewritten). */
  copied: boolean;
  sections: string[];
}

export async function publishRemote(db: GatewayDb, options: PublishOptions): Promise<PublishResult> {
  const { packageName, distDir } = options;
  if (!isPackageName(packageName)) throw new RegistryError(`Invalid package name: ${packageName}`);
  if (!existsSync(join(distDir, REMOTE_ENTRY))) {
    throw new RegistryError(
      `${relative(process.cwd(), distDir) || distDir} has no ${REMOTE_ENTRY}: build the remote first`,
    );
  }
  // Before anything is written: a remote the deployed shell cannot host is never published.
  const manifestFile = join(distDir, REMOTE_MANIFEST_FILE);
  const problem = sharedSingletonProblem({
    action: `publish ${packageName}`,
    packageName,
    remoteManifest: {
      source: manifestFile,
      text: existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : undefined,
    },
    shellDir: options.shellDir,
    missingRecordAdvice: `rebuild it with \`pnpm --filter ${packageName} build\``,
  });
  if (problem) throw new RegistryError(problem);
  // The build's own declaration wins: it is what this version's code actually routes.
  const sections = sectionsOfBuild(distDir) ?? validSections(options.sections ?? [], 'sections');
  const files = filesOf(distDir);
  const version = `${options.packageVersion}-${hashOf(files)}`;
  if (!isVersion(version)) throw new RegistryError(`Invalid version: ${version}`);
  const now = (options.now ?? new Date()).toISOString();

  // The version row and every file in one transaction: another instance sees the whole build or none.
  const copied = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('remote_version')
      .values({ package_name: packageName, version, sections: JSON.stringify(sections), published_at: now })
      // The same build again (or at the same moment through another instance): reused, never rewritten.
      .onConflict((conflict) => conflict.columns(['package_name', 'version']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    let batch: NewRemoteFile[] = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto('remote_file').values(batch).execute();
      batch = [];
      bytes = 0;
    };
    // Everything, the `.br`/`.gz` siblings included: the gateway serves those precompressed.
    for (const file of files) {
      batch.push({ package_name: packageName, version, path: file.path, content: file.content });
      bytes += file.content.length;
      if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
    }
    await flush();
    return true;
  });
  // Only once the files are committed: the pointer never names a version that is not all there.
  await pointTo(db, packageName, version, now);
  return { version, copied, sections };
}

async function pointTo(db: GatewayDb, packageName: string, version: string, now: string): Promise<void> {
  await db
    .insertInto('remote_package')
    .values({ name: packageName, current_version: version, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ current_version: version, updated_at: now }),
    )
    .execute();
}

/**
 * Points the registry at a version published earlier, if the deployed shell (`shellDir`) can host it:
 * the same shared-singleton check as a publish, since the shell may have moved on since. A rollback
 * keeps the sections recorded when that version was published.
 */
export async function rollbackRemote(
  db: GatewayDb,
  packageName: string,
  version: string,
  shellDir: string,
  now: Date = new Date(),
): Promise<void> {
  if (!isPackageName(packageName)) throw new RegistryError(`Invalid package name: ${packageName}`);
  if (!isVersion(version)) throw new RegistryError(`Invalid version: ${version}`);
  const stored = await db
    .selectFrom('remote_version')
    .select('version')
    .where('package_name', '=', packageName)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!stored) throw new RegistryError(`${packageName} ${version} is not published`);
  const manifest = await db
    .selectFrom('remote_file')
    .select('content')
    .where('package_name', '=', packageName)
    .where('version', '=', version)
    .where('path', '=', REMOTE_MANIFEST_FILE)
    .executeTakeFirst();
  const problem = sharedSingletonProblem({
    action: `roll back ${packageName} to ${version}`,
    packageName,
    remoteManifest: {
      source: `the ${REMOTE_MANIFEST_FILE} of ${packageName} ${version}`,
      text: manifest?.content.toString('utf8'),
    },
    shellDir,
    missingRecordAdvice:
      'that version was published before builds recorded them: publish a new build instead',
  });
  if (problem) throw new RegistryError(problem);
  await pointTo(db, packageName, version, now.toISOString());
}

export interface PublishedRemote {
  packageName: string;
  current: string | undefined;
  versions: string[];
}

/** Every published package with its stored versions (sorted) and the one the registry points at. */
export async function listRemotes(db: GatewayDb): Promise<PublishedRemote[]> {
  const [pointers, versions] = await Promise.all([
    db.selectFrom('remote_package').select(['name', 'current_version']).execute(),
    db.selectFrom('remote_version').select(['package_name', 'version']).execute(),
  ]);
  const names = [...new Set(versions.map((v) => v.package_name))].sort((a, b) => a.localeCompare(b));
  return names.map((packageName) => ({
    packageName,
    current: pointers.find((p) => p.name === packageName)?.current_version,
    versions: versions
      .filter((v) => v.package_name === packageName)
      .map((v) => v.version)
      .sort(),
  }));
}
