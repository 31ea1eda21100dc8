import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shared singletons' check behind `publish-remote` and `rollback-remote`: the shell provides one
 * copy of each of these packages to every remote ('loaded-first' sharing; react-router through
 * shared-ui/router), so a remote runs against the shell's version, not the one it was built with. Each
 * build records the versions it was built with (shared-ui/build/webpack.js): a remote in
 * `pop-remote.json` (`shared`), the shell in `pop-shell.json` (`shared`). A remote is refused when the
 * shell's version is in another compatibility line (another major: what the remote uses may be gone or
 * changed) or older than the remote's within the line (an older minor: what the remote uses may not
 * exist yet). shared-ui's version moves with its API (shared-ui/README.md "Versions"), so this holds
 * for it as for react. The federation runtime is stricter (`SAME_MINOR`).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'swr',
  'shared-ui',
  '@module-federation/enhanced',
] as const;

/**
 * Packages a remote must have been built with in the shell's very minor: a remote's production entry
 * runs on the shell's federation runtime (`externalRuntime`) and calls its internals, which are not an
 * API semver covers.
 */
const SAME_MINOR: ReadonlySet<string> = new Set(['@module-federation/enhanced']);

/** Emitted by the shell's build into its dist/ (the folder the gateway serves, `SHELL_DIR`). */
export const SHELL_MANIFEST_FILE = 'pop-shell.json';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:[-+][0-9A-Za-z.+-]*)?$/;
/** `2.9.2` → `2.9`; undefined for a string that is not a semver version. */
const minorLine = (version: string) => SEMVER.exec(version)?.slice(1, 3).join('.');

/**
 * The part of a version that must match for the two to be compatible, as semver's caret range reads
 * it: the major (`19.3.1` → `19`); for 0.x the minor too (`0.1.0` → `0.1`); for 0.0.x the patch too.
 * Undefined for a string that is not a semver version.
 */
export function compatibilityLine(version: string): string | undefined {
  const match = SEMVER.exec(version);
  if (!match) return undefined;
  const [, major, minor, patch] = match;
  if (major !== '0') return major;
  if (minor !== '0') return `0.${minor}`;
  return `0.0.${patch}`;
}

/**
 * The part of a version that counts additions within its compatibility line, as semver's caret range
 * reads it: the minor (`19.3.1` → 3); for 0.x the patch (`0.1.4` → 4); for 0.0.x nothing (0). A patch
 * of 1.x and above adds nothing a remote can use, so it is not counted.
 */
export function featureLevel(version: string): number {
  const match = SEMVER.exec(version);
  if (!match) return 0;
  const [, major, minor, patch] = match;
  if (major !== '0') return Number(minor);
  if (minor !== '0') return Number(patch);
  return 0;
}

/**
 * Why a remote built with `built` cannot run on the shell's `provided` copy: 'another-line' (another
 * major; for 0.x another minor), 'newer' (a newer minor; for 0.x a newer patch), or undefined when the
 * shell's copy has all the remote was built against (the same line, the same or a later minor).
 */
export function singletonMismatch(
  built: string,
  provided: string,
  pkg?: string,
): 'another-line' | 'another-minor' | 'newer' | undefined {
  if (compatibilityLine(built) !== compatibilityLine(provided)) return 'another-line';
  if (pkg !== undefined && SAME_MINOR.has(pkg) && minorLine(built) !== minorLine(provided)) {
    return 'another-minor';
  }
  return featureLevel(built) > featureLevel(provided) ? 'newer' : undefined;
}

/** The `shared` record of a build manifest's JSON text: undefined when the text or the record is missing. */
export function sharedOfJson(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const shared = (parsed as { shared?: unknown } | null)?.shared;
  return shared && typeof shared === 'object' && !Array.isArray(shared)
    ? (shared as Record<string, unknown>)
    : undefined;
}

/** The `shared` record of a build's manifest file: undefined when the file or the record is missing. */
export function sharedOfManifest(file: string): Record<string, unknown> | undefined {
  return sharedOfJson(existsSync(file) ? readFileSync(file, 'utf8') : undefined);
}

function recordedVersion(shared: Record<string, unknown> | undefined, pkg: string): string | undefined {
  const version = shared?.[pkg];
  return typeof version === 'string' && compatibilityLine(version) !== undefined ? version : undefined;
}

export interface SingletonCheck {
  /** What is refused, for the message: 'publish mf-admin', 'roll back mf-admin to 0.1.0-…'. */
  action: string;
  packageName: string;
  /**
   * The remote build's `pop-remote.json`: `text` undefined when the build has none, `source` where it
   * was read (a file of the build being published, or a stored version), for the message.
   */
  remoteManifest: { source: string; text: string | undefined };
  /** The deployed shell's build (its `pop-shell.json`). */
  shellDir: string;
  /** What to do when the remote's build has no record. */
  missingRecordAdvice: string;
}

/**
 * Why the remote cannot be hosted by the shell, or undefined when the shell provides every shared
 * singleton in the line the remote was built against and no older (`singletonMismatch`).
 */
export function sharedSingletonProblem(check: SingletonCheck): string | undefined {
  const { action, packageName, shellDir } = check;
  const shellManifest = join(shellDir, SHELL_MANIFEST_FILE);
  const remote = sharedOfJson(check.remoteManifest.text);
  const shell = sharedOfManifest(shellManifest);

  const unrecorded = SHARED_SINGLETONS.filter((pkg) => recordedVersion(remote, pkg) === undefined);
  if (unrecorded.length > 0) {
    return (
      `Refused to ${action}: ${check.remoteManifest.source} does not record the version of ${unrecorded.join(', ')} ` +
      `(its shared singletons); ${check.missingRecordAdvice}. Nothing was changed.`
    );
  }
  const unprovided = SHARED_SINGLETONS.filter((pkg) => recordedVersion(shell, pkg) === undefined);
  if (unprovided.length > 0) {
    return (
      `Refused to ${action}: the shell build at ${shellDir} does not record the version of ` +
      `${unprovided.join(', ')} it provides (${SHELL_MANIFEST_FILE}); build the shell ` +
      '(`pnpm --filter shell build`) or set SHELL_DIR to the folder the gateway serves the shell from. ' +
      'Nothing was changed.'
    );
  }
  const mismatches = SHARED_SINGLETONS.flatMap((pkg) => {
    const built = recordedVersion(remote, pkg)!;
    const provided = recordedVersion(shell, pkg)!;
    const mismatch = singletonMismatch(built, provided, pkg);
    if (!mismatch) return [];
    const reason =
      mismatch === 'newer'
        ? `, older than the remote's: it may lack what ${pkg} ${built} added`
        : mismatch === 'another-minor'
          ? ", another minor: a remote runs on the shell's federation runtime, which must be the same minor"
          : built.startsWith('0.') || provided.startsWith('0.')
            ? ', another compatibility line (for 0.x, another minor)'
            : ', another major version';
    return [
      `${packageName} was built with ${pkg} ${built} but the shell provides ${pkg} ${provided}${reason}`,
    ];
  });
  if (mismatches.length === 0) return undefined;
  return (
    `Refused to ${action}: ${mismatches.join('; ')}. A remote runs on the shell's copy of each shared ` +
    "singleton, so it must be built against the shell's major version and at most its minor (for 0.x: " +
    `the shell's minor and at most its patch): rebuild ${packageName} against the shell's versions, ` +
    'or deploy a shell that provides them first. Nothing was changed.'
  );
}
