import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sharedSingletonProblem } from './shared-singletons.js';

/**
 * The micro-frontend registry: immutable builds under `${remotesDir}/<package>/<version>/` and one
 * pointer per package in `${remotesDir}/registry.json`. Publishing or rolling back flips a pointer;
 * nothing already published is ever overwritten.
 */
export interface RegistryEntry {
  current: string;
  versions: string[];
  updatedAt: string;
  /** The sections (first path segments) each published version owns, by version. */
  sections?: Record<string, string[]>;
}

export interface Registry {
  remotes: Record<string, RegistryEntry>;
}

export interface RemoteManifest {
  /** `sections`: the first path segments the remote renders (`/basket/...`), so the shell needs no table. */
  remotes: { name: string; entry: string; sections: string[] }[];
}

export const REGISTRY_FILE = 'registry.json';
export const REMOTE_ENTRY = 'remoteEntry.js';
/** Emitted by the remote's build from its package.json `pop.sections` (shared-ui/build/webpack.js). */
export const REMOTE_MANIFEST_FILE = 'pop-remote.json';
const PACKAGE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const SECTION = /^[a-z0-9][a-z0-9-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;

export class RegistryError extends Error {}

export function isPackageName(name: string): boolean {
  return PACKAGE_NAME.test(name);
}

export function isVersion(version: string): boolean {
  return VERSION.test(version) && !version.includes('..');
}

/** The Module Federation name of a package: `mf-ordering` → `mf_ordering`. */
export function federationName(packageName: string): string {
  return packageName.replaceAll('-', '_');
}

export function readRegistry(remotesDir: string): Registry {
  const file = join(remotesDir, REGISTRY_FILE);
  if (!existsSync(file)) return { remotes: {} };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Registry>;
  return { remotes: parsed.remotes ?? {} };
}

function writeRegistry(remotesDir: string, registry: Registry): void {
  mkdirSync(remotesDir, { recursive: true });
  const temporary = join(remotesDir, `.${REGISTRY_FILE}.${randomBytes(6).toString('hex')}`);
  writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
  // rename is atomic: a reader sees the old pointer or the new one, never half a file.
  renameSync(temporary, join(remotesDir, REGISTRY_FILE));
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

/** A version's sections: recorded at publish; a registry written before sections read its build. */
function sectionsOf(remotesDir: string, packageName: string, entry: RegistryEntry): string[] {
  return (
    entry.sections?.[entry.current] ?? sectionsOfBuild(join(remotesDir, packageName, entry.current)) ?? []
  );
}

/** What `/remotes.json` answers: each package's current entry point and the sections it owns. */
export function remoteManifest(remotesDir: string): RemoteManifest {
  const { remotes } = readRegistry(remotesDir);
  return {
    remotes: Object.entries(remotes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([packageName, entry]) => ({
        name: federationName(packageName),
        entry: `/remotes/${packageName}/${entry.current}/${REMOTE_ENTRY}`,
        sections: sectionsOf(remotesDir, packageName, entry),
      })),
  };
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/** The first 10 hex digits of a SHA-256 over the build's file names and contents. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

export interface PublishOptions {
  remotesDir: string;
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
  /** False when this exact build was already published (the folder is reused, never rewritten). */
  copied: boolean;
  sections: string[];
}

export function publishRemote(options: PublishOptions): PublishResult {
  const { remotesDir, packageName, distDir } = options;
  if (!isPackageName(packageName)) throw new RegistryError(`Invalid package name: ${packageName}`);
  if (!existsSync(join(distDir, REMOTE_ENTRY))) {
    throw new RegistryError(
      `${relative(process.cwd(), distDir) || distDir} has no ${REMOTE_ENTRY}: build the remote first`,
    );
  }
  // Before anything is written: a remote the deployed shell cannot host is never published.
  const problem = sharedSingletonProblem({
    action: `publish ${packageName}`,
    packageName,
    buildDir: distDir,
    shellDir: options.shellDir,
    missingRecordAdvice: `rebuild it with \`pnpm --filter ${packageName} build\``,
  });
  if (problem) throw new RegistryError(problem);
  // The build's own declaration wins: it is what this version's code actually routes.
  const sections = sectionsOfBuild(distDir) ?? validSections(options.sections ?? [], 'sections');
  const version = `${options.packageVersion}-${contentHash(distDir)}`;
  if (!isVersion(version)) throw new RegistryError(`Invalid version: ${version}`);
  const packageDir = join(remotesDir, packageName);
  const target = join(packageDir, version);
  let copied = false;
  if (!existsSync(target)) {
    mkdirSync(packageDir, { recursive: true });
    const staging = join(packageDir, `.staging-${randomBytes(6).toString('hex')}`);
    try {
      // Everything, the `.br`/`.gz` siblings included: the gateway serves those precompressed.
      cpSync(distDir, staging, { recursive: true });
      renameSync(staging, target);
      copied = true;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  pointTo(remotesDir, packageName, version, { sections, now: options.now });
  return { version, copied, sections };
}

function pointTo(
  remotesDir: string,
  packageName: string,
  version: string,
  { sections, now = new Date() }: { sections?: string[]; now?: Date | undefined } = {},
): void {
  const registry = readRegistry(remotesDir);
  const previous = registry.remotes[packageName];
  const versions = previous?.versions.includes(version)
    ? previous.versions
    : [...(previous?.versions ?? []), version];
  // A rollback keeps the sections recorded when that version was published.
  const recorded = { ...previous?.sections };
  if (sections) recorded[version] = sections;
  else recorded[version] ??= sectionsOfBuild(join(remotesDir, packageName, version)) ?? [];
  registry.remotes[packageName] = {
    current: version,
    versions,
    updatedAt: now.toISOString(),
    sections: recorded,
  };
  writeRegistry(remotesDir, registry);
}

/**
 * Points the registry at a version published earlier, if the deployed shell (`shellDir`) can host it:
 * the same shared-singleton check as a publish, since the shell may have moved on since.
 */
export function rollbackRemote(
  remotesDir: string,
  packageName: string,
  version: string,
  shellDir: string,
): void {
  if (!isPackageName(packageName)) throw new RegistryError(`Invalid package name: ${packageName}`);
  if (!isVersion(version)) throw new RegistryError(`Invalid version: ${version}`);
  if (!existsSync(join(remotesDir, packageName, version, REMOTE_ENTRY))) {
    throw new RegistryError(`${packageName} ${version} is not published`);
  }
  const problem = sharedSingletonProblem({
    action: `roll back ${packageName} to ${version}`,
    packageName,
    buildDir: join(remotesDir, packageName, version),
    shellDir,
    missingRecordAdvice:
      'that version was published before builds recorded them: publish a new build instead',
  });
  if (problem) throw new RegistryError(problem);
  pointTo(remotesDir, packageName, version);
}

export interface PublishedRemote {
  packageName: string;
  current: string | undefined;
  versions: string[];
}

/** Every published package with its versions on disk and the one the registry points at. */
export function listRemotes(remotesDir: string): PublishedRemote[] {
  if (!existsSync(remotesDir)) return [];
  const { remotes } = readRegistry(remotesDir);
  return readdirSync(remotesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isPackageName(entry.name))
    .map((entry) => ({
      packageName: entry.name,
      current: remotes[entry.name]?.current,
      versions: readdirSync(join(remotesDir, entry.name), { withFileTypes: true })
        .filter((version) => version.isDirectory() && isVersion(version.name))
        .map((version) => version.name)
        .sort(),
    }))
    .sort((a, b) => a.packageName.localeCompare(b.packageName));
}
