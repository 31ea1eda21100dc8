#!/usr/bin/env node
// Lighthouse (12.8.2, Debian's Chromium) on the login page (`/` as a guest) of the production build,
// served by the real stack (gateway/scripts/stack.mjs, which builds what is missing or stale) on bench
// ports with a temporary DATA_DIR. Mobile (Lighthouse's default: simulated slow 4G, 4× CPU slowdown)
// and desktop (core/config/desktop-config.js); prints the scores, LCP, TBT and the JavaScript
// transferred, and exits 1 when a score is under its target.
//
// Environment: BENCH_GATEWAY_PORT (3731), BENCH_IDENTITY_PORT (4731), BENCH_CART_API_PORT (4732),
// BENCH_LIGHTHOUSE_RUNS (3: the median score of each form factor counts), BENCH_LIGHTHOUSE_FORM_FACTORS
// (mobile,desktop), CHROMIUM_PATH
// (/usr/bin/chromium), BENCH_KEEP_DATA=1 keeps the temporary folder (stack log included),
// BENCH_LIGHTHOUSE_DETAILS=1 prints where the main thread went (work breakdown, boot-up time per
// script, long tasks, the LCP element and its phases).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launchChromium } from './lib/browser.mjs';
import { assertBenchPort, onShutdown, startStack, tail, waitForHealth } from './lib/processes.mjs';
import { formatBytes, machineNote, printTable } from './lib/report.mjs';

const env = process.env;
const gatewayPort = Number(env.BENCH_GATEWAY_PORT ?? 3731);
const identityPort = Number(env.BENCH_IDENTITY_PORT ?? 4731);
const cartApiPort = Number(env.BENCH_CART_API_PORT ?? 4732);
const runs = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const formFactors = (env.BENCH_LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop').split(',');
[gatewayPort, identityPort, cartApiPort].forEach(assertBenchPort);
/** The acceptance of issue 8: performance scores out of 100. */
const TARGETS = { mobile: 90, desktop: 98 };

const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const logFile = join(dataDir, 'stack.log');
const stack = startStack({
  gatewayPort,
  identityPort,
  cartApiPort,
  dataDir,
  logFile,
  env: { PUBLIC_URL: gatewayUrl },
});
let chrome;
const cleanup = onShutdown(async () => {
  chrome?.kill();
  await stack.stop();
  if (env.BENCH_KEEP_DATA === '1') console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

/** One Lighthouse run: the figures that matter for the login page. */
async function audit(port, config) {
  const { lhr } = await lighthouse(
    `${gatewayUrl}/`,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    config,
  );
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const numeric = (id) => lhr.audits[id].numericValue;
  if (env.BENCH_LIGHTHOUSE_DETAILS === '1') {
    for (const id of [
      'mainthread-work-breakdown',
      'bootup-time',
      'long-tasks',
      'largest-contentful-paint-element',
    ]) {
      console.log(id, JSON.stringify(lhr.audits[id].details?.items?.slice(0, 8), null, 1));
    }
    // The waterfall as observed (Lighthouse simulates the throttling from it).
    for (const r of requests) {
      const at = (ms) => `${Math.round(ms)}`.padStart(5);
      console.log(`${at(r.networkRequestTime)}-${at(r.networkEndTime)} ms ${r.url.replace(gatewayUrl, '')}`);
    }
  }
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsTransferred: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    jsResources: scripts.reduce((n, r) => n + (r.resourceSize ?? 0), 0),
    jsFiles: scripts.length,
    remotes: requests.filter((r) => new URL(r.url).pathname.startsWith('/remotes')).length,
  };
}

/** Lighthouse sometimes loses the trace (`NO_NAVSTART`): such a run is repeated, up to twice. */
async function auditWithRetry(port, config) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, config);
    } catch (error) {
      if (attempt === 3 || !String(error?.message).includes('NO_NAVSTART')) throw error;
      console.log('  the trace was lost (NO_NAVSTART): running again');
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  console.log(`starting the stack (pid ${stack.pid}, DATA_DIR ${dataDir}) …`);
  await waitForHealth(`${gatewayUrl}/healthz`, [stack], 600_000).catch(async (error) => {
    throw new Error(`${error.message}\n--- stack log ---\n${await tail(logFile)}`);
  });
  chrome = await launchChromium();
  const rows = [];
  const failures = [];
  for (const [formFactor, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ].filter(([formFactor]) => formFactors.includes(formFactor))) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      console.log(`${formFactor}: run ${run}/${runs} …`);
      results.push(await auditWithRetry(chrome.port, config));
    }
    // The run with the median score stands for the form factor (Lighthouse's own advice for variance).
    const score = median(results.map((r) => r.score));
    const r = results.find((result) => result.score === score);
    rows.push([
      formFactor,
      `${score} (runs ${results.map((x) => x.score).join(', ')})`,
      `${(r.fcp / 1000).toFixed(2)} s`,
      `${(r.lcp / 1000).toFixed(2)} s`,
      `${Math.round(r.tbt)} ms`,
      r.cls.toFixed(3),
      `${formatBytes(r.jsTransferred)} (${formatBytes(r.jsResources)} unpacked, ${r.jsFiles} files)`,
      String(r.remotes),
    ]);
    if (score < TARGETS[formFactor]) failures.push(`${formFactor} ${score} < ${TARGETS[formFactor]}`);
  }
  console.log('');
  printTable(
    ['login page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred', 'remote requests'],
    rows,
  );
  console.log(`\ntargets: mobile ≥ ${TARGETS.mobile}, desktop ≥ ${TARGETS.desktop} (${machineNote()})`);
  if (failures.length > 0) {
    console.error(`\nUnder target: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`lighthouse failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
