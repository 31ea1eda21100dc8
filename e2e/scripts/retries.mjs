#!/usr/bin/env node
// Prints every journey of the last Playwright run that was retried (flaky: failed, then passed) or
// failed on each attempt, with the first line of each failed attempt's error, from the JSON report.
// `.ci/run` calls it last, whatever the run's outcome, so a retry is never silent.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const report = fileURLToPath(new URL('../test-results/results.json', import.meta.url));
if (!existsSync(report)) {
  console.log('e2e retries: no report (the journeys did not run)');
  process.exit(0);
}

const retried = [];
const visit = (suite, titles) => {
  for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.results.length < 2) continue;
      const errors = test.results
        .filter((result) => result.status !== 'passed' && result.status !== 'skipped')
        .map((result) => `attempt ${result.retry + 1}: ${firstLine(result.error?.message ?? result.status)}`);
      retried.push({
        title: [...titles, spec.title].filter(Boolean).join(' › '),
        outcome: test.status,
        errors,
      });
    }
  }
};
const firstLine = (text) =>
  stripVTControlCharacters(text)
    .split('\n')
    .find((line) => line.trim()) ?? '';

const { suites = [] } = JSON.parse(readFileSync(report, 'utf8'));
for (const suite of suites) visit(suite, [suite.title]);
if (retried.length === 0) {
  console.log('e2e retries: none');
} else {
  console.log(`e2e retries: ${retried.length} journey(s) needed a retry`);
  for (const { title, outcome, errors } of retried) {
    const verdict =
      { flaky: 'passed on its retry', unexpected: 'failed on every attempt' }[outcome] ?? outcome;
    console.log(`  - ${title} (${verdict})`);
    for (const error of errors) console.log(`      ${error}`);
  }
}
