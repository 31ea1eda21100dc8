// Jest's order of the test files, with an `all.test.ts` weighed by the cases it runs. Jest runs first
// the files that failed last time, then the longest by their last duration, and a file it has never
// timed (a fresh CI machine: no cache) by its size, the biggest first, so that no long file starts
// last while the other workers idle. An `all.test.ts` is three lines that run every `*.cases.ts` of its
// folder (shared-domain/testing's importCases): by its own size it would run last. Here it weighs what
// its cases weigh. CommonJS: Jest loads a sequencer untransformed.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file */
const { existsSync, readdirSync, statSync } = require('node:fs');
const { createRequire } = require('node:module');
const { basename, dirname, join } = require('node:path');

// Jest's own sequencer, from where Jest finds it (jest → jest-cli → jest-config).
const fromJest = createRequire(require.resolve('jest/package.json'));
const fromCli = createRequire(fromJest.resolve('jest-cli/package.json'));
const fromConfig = createRequire(fromCli.resolve('jest-config/package.json'));
const TestSequencer = fromConfig('@jest/test-sequencer').default;

const AGGREGATOR = /^all\.test\.tsx?$/;
const CASES_FILE = /\.cases\.tsx?$/;

/** The bytes of the `*.cases.ts` files `importCases` runs for the all.test.ts in `folder`. */
function casesSize(folder, testFileName) {
  let size = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isFile() && CASES_FILE.test(entry.name)) size += statSync(path).size;
    else if (entry.isDirectory() && entry.name !== 'node_modules' && !existsSync(join(path, testFileName)))
      size += casesSize(path, testFileName);
  }
  return size;
}

function weight(path) {
  const name = basename(path);
  return AGGREGATOR.test(name) ? casesSize(dirname(path), name) : statSync(path).size;
}

class CasesSequencer extends TestSequencer {
  sort(tests) {
    const weights = new Map();
    const weightOf = (test) => {
      if (!weights.has(test.path)) weights.set(test.path, weight(test.path));
      return weights.get(test.path);
    };
    for (const test of tests) test.duration = this.time(test);
    // Jest's own comparison (@jest/test-sequencer), with weightOf for the file size.
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      const failedB = this.hasFailed(b);
      const timedA = a.duration != null;
      const timedB = b.duration != null;
      if (failedA !== failedB) return failedA ? -1 : 1;
      if (timedA !== timedB) return timedA ? 1 : -1;
      if (timedA && timedB) return a.duration < b.duration ? 1 : -1;
      return weightOf(a) < weightOf(b) ? 1 : -1;
    });
  }
}

module.exports = CasesSequencer;
