import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A file of cases: what a test file was, run by the `all.test.ts` above it. */
const CASES_FILE = /\.cases\.tsx?$/;

/**
 * Imports, in file-name order, every `*.cases.ts(x)` in the folder of the calling test file
 * (`import.meta.url` of an `all.test.ts`) and in its subfolders, except a subfolder with an
 * `all.test.ts` of its own (which runs its cases itself). A cases file is what a test file was: its
 * imports, its module-level constants and its top-level `describe` blocks, unchanged, so every test
 * keeps its name, its hooks and its fresh app and database. Why: Jest ESM evaluates a test file's
 * whole module graph again (Fastify, Ajv, Kysely, the service), 1 to 3 s a file on CI's 2 cores, and
 * one all.test.ts pays it once for all its cases (cart-api's 117 test files are 13).
 *
 * A cases file registers no hook at its top level (outside its `describe`): it would apply to the
 * other files' tests too; such a test file stays a `*.test.ts` of its own. The cases of a folder share
 * their modules, as the tests of one file always did: a module's state (a cache) outlives a `describe`.
 * Run one file's tests with Jest's `-t '<its describe>'`; jest.sequencer.cjs weighs an all.test.ts by
 * its cases, with the same rule.
 */
export async function importCases(testFileUrl: string): Promise<string[]> {
  const testFile = fileURLToPath(testFileUrl);
  const files = casesUnder(dirname(testFile), basename(testFile));
  if (files.length === 0) throw new Error(`${testFile}: no *.cases.ts file to run`);
  for (const file of files) await import(pathToFileURL(file).href);
  return files;
}

function casesUnder(folder: string, testFileName: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((entry) => entry.isFile() && CASES_FILE.test(entry.name));
  const subfolders = entries.filter(
    (entry) =>
      entry.isDirectory() &&
      entry.name !== 'node_modules' &&
      !existsSync(join(folder, entry.name, testFileName)),
  );
  return [
    ...files.map((entry) => join(folder, entry.name)),
    ...subfolders.flatMap((entry) => casesUnder(join(folder, entry.name), testFileName)),
  ];
}
