#!/usr/bin/env node
// shared-ui's declared API and the version it was recorded at (shared-ui/README.md "Versions").
//
// The shell provides its copy of shared-ui to every remote (a federation singleton), so a remote built
// against a newer shared-ui may call what the deployed shell's copy lacks. Each build records
// shared-ui's version and `publish-remote` refuses a remote built against a newer minor or another
// major than the shell's: that check is only as good as the version, so the version has to move
// whenever the API does. This file makes that hard to forget:
//
//   node shared-ui/build/public-api.mjs check    exit 1 when the API changed since the record
//   node shared-ui/build/public-api.mjs record   write shared-ui/public-api.json (refused without a bump)
//
// The fingerprint is TypeScript's declaration output (the .d.ts text: every exported name and type,
// function bodies and comments left out) of each shared-ui module the four shared entry points
// (`shared-ui`, `shared-ui/forms`, `shared-ui/router`, `shared-ui/bootstrap`) reach. A fix inside a
// function body leaves it unchanged; a new, removed or changed export, prop or parameter changes it.
// shared-ui/test/public-api.test.ts runs the check in `pnpm test`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The recorded API: the version, the fingerprint, each module's hash and each entry point's export names. */
export const RECORD_FILE = path.join(packageDir, 'public-api.json');
export const RECORD_COMMAND = 'node shared-ui/build/public-api.mjs record';

/** The federation's shared entry points (shared-ui/build/webpack.js `sharedModules`). */
const ENTRY_POINTS = {
  'shared-ui': 'src/index.ts',
  'shared-ui/forms': 'src/forms/index.ts',
  'shared-ui/router': 'src/router.ts',
  'shared-ui/bootstrap': 'src/bootstrap.ts',
};
/**
 * Reached but not fingerprinted: the OpenAPI types api-contract regenerates with every API change. They
 * are types only, erased from every build, so no remote's code can depend on the shell's copy of them.
 */
const UNFINGERPRINTED = [/^src\/api\/generated\//];

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** shared-ui's version in its package.json. */
export function packageVersion() {
  return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
}

/**
 * The current API: `modules` maps each fingerprinted module (its declaration file in shared-ui) to a
 * hash of its declarations, `exports` each entry point to its sorted export names, and `fingerprint`
 * hashes both.
 *
 * TypeScript 7 (the type checker, fast) writes the declarations of shared-ui's project to a temporary
 * folder; TypeScript 6's API (which TS 7 does not have yet) reads them back from the entry points: the
 * modules they reach are the ones whose declarations make up the API (a module only a function body
 * imports is not reached), and the checker lists each entry point's exports.
 * @returns {{ fingerprint: string, modules: Record<string, string>, exports: Record<string, string[]> }}
 */
export function currentApi() {
  const out = mkdtempSync(path.join(tmpdir(), 'shared-ui-api-'));
  try {
    const tsc = path.join(path.dirname(require.resolve('typescript7/package.json')), 'bin', 'tsc');
    const emit = spawnSync(
      process.execPath,
      [
        tsc,
        ...['-p', path.join(packageDir, 'tsconfig.json'), '--rootDir', packageDir, '--outDir', out],
        ...['--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--removeComments'],
        ...['--incremental', 'false', '--sourceMap', 'false', '--declarationMap', 'false'],
      ],
      { encoding: 'utf8' },
    );
    const rootNames = Object.values(ENTRY_POINTS).map((file) =>
      path.join(out, file.replace(/\.tsx?$/, '.d.ts')),
    );
    const missing = rootNames.filter((file) => !existsSync(file));
    // Type errors still emit (`pnpm typecheck` reports them); no declarations at all is a failure.
    if (missing.length > 0) {
      throw new Error(`tsc wrote no declarations for ${missing.join(', ')}:\n${emit.stdout}${emit.stderr}`);
    }
    const program = ts.createProgram({
      rootNames,
      options: {
        noEmit: true,
        types: [],
        skipLibCheck: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      },
    });
    const checker = program.getTypeChecker();

    const modules = {};
    for (const sourceFile of program.getSourceFiles()) {
      const file = path.relative(out, sourceFile.fileName).split(path.sep).join('/');
      if (file.startsWith('..') || UNFINGERPRINTED.some((re) => re.test(file))) continue;
      modules[file] = sha256(readFileSync(sourceFile.fileName, 'utf8')).slice(0, 16);
    }
    const exports = {};
    for (const [entry, file] of Object.entries(ENTRY_POINTS)) {
      const sourceFile = program.getSourceFile(path.join(out, file.replace(/\.tsx?$/, '.d.ts')));
      const symbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
      exports[entry] = symbol
        ? checker
            .getExportsOfModule(symbol)
            .map((s) => s.getName())
            .sort()
        : [];
    }
    const sorted = Object.fromEntries(
      Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const fingerprint = sha256(JSON.stringify({ modules: sorted, exports }));
    return { fingerprint, modules: sorted, exports };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The record in shared-ui/public-api.json, or undefined when there is none. */
export function readRecord() {
  try {
    return JSON.parse(readFileSync(RECORD_FILE, 'utf8'));
  } catch {
    return undefined;
  }
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

/**
 * How `to` moves from `from`: 'major', 'minor', 'patch', 'none' (the same) or 'lower' (backwards, or
 * not semver).
 */
export function bumpOf(from, to) {
  const a = SEMVER.exec(from ?? '');
  const b = SEMVER.exec(to ?? '');
  if (!a || !b) return 'lower';
  for (const [i, level] of [
    [1, 'major'],
    [2, 'minor'],
    [3, 'patch'],
  ]) {
    if (Number(b[i]) > Number(a[i])) return level;
    if (Number(b[i]) < Number(a[i])) return 'lower';
  }
  return 'none';
}

const LEVELS = ['none', 'patch', 'minor', 'major'];

/** What changed between the record and the current API, in words (modules, added and removed exports). */
export function describeChange(record, current) {
  const lines = [];
  const before = record?.modules ?? {};
  for (const file of new Set([...Object.keys(before), ...Object.keys(current.modules)])) {
    if (!(file in before)) lines.push(`  new module ${file}`);
    else if (!(file in current.modules)) lines.push(`  module gone ${file}`);
    else if (before[file] !== current.modules[file]) lines.push(`  declarations changed in ${file}`);
  }
  for (const [entry, names] of Object.entries(current.exports)) {
    const old = new Set(record?.exports?.[entry] ?? []);
    const added = names.filter((name) => !old.has(name));
    const removed = [...old].filter((name) => !names.includes(name));
    if (added.length) lines.push(`  ${entry} exports ${added.join(', ')} (new)`);
    if (removed.length) lines.push(`  ${entry} no longer exports ${removed.join(', ')}`);
  }
  return lines.join('\n');
}

/**
 * The least bump the export names alone require: 'major' when one is gone, 'minor' when one is new,
 * else 'patch' (a changed signature's level is the author's call, README "Versions").
 */
export function requiredBump(record, current) {
  let level = 'patch';
  for (const [entry, names] of Object.entries(current.exports)) {
    const old = record?.exports?.[entry] ?? [];
    if (old.some((name) => !names.includes(name))) return 'major';
    if (names.some((name) => !old.includes(name))) level = 'minor';
  }
  return level;
}

const RULE =
  'shared-ui/README.md "Versions": a removed or changed export, prop or parameter a remote may use → major; ' +
  'an added export, prop or accepted value → minor; anything else → patch';

/**
 * Why the recorded API no longer describes shared-ui, or undefined when it does: the fingerprint and
 * the version must both be the recorded ones.
 */
export function checkProblem(record, current, version) {
  if (!record) return `shared-ui has no recorded API (${RECORD_FILE}): run \`${RECORD_COMMAND}\`.`;
  const bump = bumpOf(record.version, version);
  if (record.fingerprint === current.fingerprint) {
    if (bump === 'none') return undefined;
    if (bump === 'lower') return `shared-ui's version ${version} is below the recorded ${record.version}.`;
    return `shared-ui's version moved from ${record.version} to ${version}: record it with \`${RECORD_COMMAND}\`.`;
  }
  const change = describeChange(record, current);
  if (bump === 'none' || bump === 'lower') {
    return (
      `shared-ui's API changed since it was recorded at ${record.version}, but its version is ${version}:\n${change}\n` +
      `Bump "version" in shared-ui/package.json (at least ${requiredBump(record, current)}; ${RULE}), ` +
      `then run \`${RECORD_COMMAND}\`.`
    );
  }
  return `shared-ui's API changed and its version moved to ${version}: record it with \`${RECORD_COMMAND}\`.\n${change}`;
}

/**
 * Why the current API cannot be recorded at this version (undefined: it can): a changed API needs a
 * higher version, at least a major when an export is gone and a minor when one is new.
 */
export function recordProblem(record, current, version) {
  if (!record || record.fingerprint === current.fingerprint) {
    return record && bumpOf(record.version, version) === 'lower'
      ? `shared-ui's version ${version} is below the recorded ${record.version}.`
      : undefined;
  }
  const bump = bumpOf(record.version, version);
  const needed = requiredBump(record, current);
  if (LEVELS.indexOf(bump) >= LEVELS.indexOf(needed)) return undefined;
  return (
    `Not recorded: shared-ui's API changed since ${record.version}, and version ${version} is not a ${needed} bump:\n` +
    `${describeChange(record, current)}\nBump "version" in shared-ui/package.json (${RULE}), then record again.`
  );
}

function main(command) {
  const current = currentApi();
  const record = readRecord();
  const version = packageVersion();
  if (command === 'check') {
    const problem = checkProblem(record, current, version);
    if (problem) {
      console.error(problem);
      return 1;
    }
    console.log(`shared-ui ${version}: the API is the recorded one (${current.fingerprint.slice(0, 12)})`);
    return 0;
  }
  if (command === 'record') {
    const problem = recordProblem(record, current, version);
    if (problem) {
      console.error(problem);
      return 1;
    }
    const next = {
      version,
      fingerprint: current.fingerprint,
      exports: current.exports,
      modules: current.modules,
    };
    writeFileSync(RECORD_FILE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(
      `shared-ui ${version}: recorded the API (${current.fingerprint.slice(0, 12)}) in ${RECORD_FILE}`,
    );
    return 0;
  }
  console.error('Usage: node shared-ui/build/public-api.mjs check|record');
  return 2;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv[2]);
}
