#!/usr/bin/env node
// Bundle sizes of the production builds: builds nothing, reads shell/dist and each mf-*/dist, reports
// the JS needed at first load (the shell's entry chunks, each remote's remoteEntry.js) and all JS,
// raw / gzip / brotli, and exits 1 when a figure is over bench/budgets.json.
//
// It also loads the shell's login page (`/` as a guest) in Chromium and sums the JS that page fetched,
// as the gateway sends it: the build's `.br` and `.gz` files (budget `loginPage`).
//
// Usage: node src/bundle-sizes.mjs [--write-budgets]  (--write-budgets sets every budget to today's
// figure + 20%; review the diff before keeping it).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loginPageRequests } from './lib/browser.mjs';
import { benchDir, repoRoot } from './lib/paths.mjs';
import { formatBytes, printTable } from './lib/report.mjs';

const APPS = ['shell', 'mf-ordering', 'mf-documents', 'mf-admin'];
const BUDGETS_FILE = join(benchDir, 'budgets.json');
const HEADROOM = 1.2;

/** Raw, gzip (level 9) and brotli (quality 11) bytes of one file: what a CDN would serve. */
function sizesOf(file) {
  const content = readFileSync(file);
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sum = (sizes) =>
  sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

/** The `<script src>` files of index.html: the entry chunks the browser fetches before anything runs. */
function entryScripts(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+)"/g)].map((match) => match[1]);
}

/**
 * First load: the shell loads its entry chunks; a remote is loaded by the shell through its
 * remoteEntry.js only (its own index.html is the standalone dev page). Chunks fetched later
 * (shared singletons, exposed modules, lazy routes) count in `all JS`.
 */
function measureApp(app) {
  const dist = join(repoRoot, app, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${app}/dist is missing: run \`pnpm build\` first (this benchmark builds nothing)`);
  }
  const firstLoadFiles = app === 'shell' ? entryScripts(dist) : ['remoteEntry.js'];
  for (const file of firstLoadFiles) {
    if (!existsSync(join(dist, file))) throw new Error(`${app}/dist/${file} is missing`);
  }
  const jsFiles = readdirSync(dist).filter((file) => file.endsWith('.js'));
  return {
    app,
    firstLoadFiles,
    firstLoad: sum(firstLoadFiles.map((file) => sizesOf(join(dist, file)))),
    all: sum(jsFiles.map((file) => sizesOf(join(dist, file)))),
    chunks: jsFiles.length,
  };
}

const results = APPS.map(measureApp);
const firstLoadTotal = sum(results.map((r) => r.firstLoad));
const allTotal = sum(results.map((r) => r.all));

const row = (name, first, all, chunks) => [
  name,
  formatBytes(first.raw),
  formatBytes(first.gzip),
  formatBytes(first.brotli),
  formatBytes(all.raw),
  formatBytes(all.gzip),
  formatBytes(all.brotli),
  String(chunks),
];
printTable(
  ['app', 'first raw', 'first gzip', 'first br', 'all raw', 'all gzip', 'all br', 'js files'],
  [
    ...results.map((r) => row(r.app, r.firstLoad, r.all, r.chunks)),
    row(
      'total',
      firstLoadTotal,
      allTotal,
      results.reduce((n, r) => n + r.chunks, 0),
    ),
  ],
);
for (const r of results) console.log(`first load of ${r.app}: ${r.firstLoadFiles.join(', ')}`);

/**
 * The login page's first load: the JS files Chromium fetched for `/` as a guest (entry chunks, shared
 * singletons, the login screen), at the sizes the gateway serves them (the build's precompressed files).
 */
async function measureLoginPage() {
  const dist = join(repoRoot, 'shell', 'dist');
  const page = await loginPageRequests(dist);
  const sizeOf = (file) => {
    if (!existsSync(join(dist, file)))
      throw new Error(`the login page fetched ${file}, which shell/dist lacks`);
    const compressed = (ext) =>
      existsSync(join(dist, file + ext)) ? readFileSync(join(dist, file + ext)).length : undefined;
    const computed = sizesOf(join(dist, file));
    // A file the build left uncompressed (too small to gain) is sent as is.
    return {
      raw: computed.raw,
      gzip: compressed('.gz') ?? computed.raw,
      brotli: compressed('.br') ?? computed.raw,
    };
  };
  return { ...page, sizes: sum(page.scripts.map(sizeOf)) };
}

const loginPage = await measureLoginPage();
console.log(
  `\nlogin page first load (${loginPage.scripts.length} JS files fetched by Chromium for / as a guest): ` +
    `${formatBytes(loginPage.sizes.raw)} raw, ${formatBytes(loginPage.sizes.brotli)} brotli, ` +
    `${formatBytes(loginPage.sizes.gzip)} gzip (the build's .br/.gz files); ` +
    `/remotes.json ${loginPage.remotesJson ? 'fetched' : 'not fetched'}, ${loginPage.remotes.length} remote file(s)`,
);

// Budgets: per app and in total, first load and all JS, raw and gzip (brotli follows gzip closely).
const figures = {
  ...Object.fromEntries(results.map((r) => [r.app, { firstLoad: r.firstLoad, all: r.all }])),
  total: { firstLoad: firstLoadTotal, all: allTotal },
};

if (process.argv.includes('--write-budgets')) {
  const budgets = Object.fromEntries(
    Object.entries(figures).map(([name, f]) => [
      name,
      Object.fromEntries(
        Object.entries(f).map(([kind, s]) => [
          kind,
          { raw: Math.ceil(s.raw * HEADROOM), gzip: Math.ceil(s.gzip * HEADROOM) },
        ]),
      ),
    ]),
  );
  budgets.loginPage = {
    br: Math.ceil(loginPage.sizes.brotli * HEADROOM),
    gzip: Math.ceil(loginPage.sizes.gzip * HEADROOM),
  };
  writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`\nwrote ${BUDGETS_FILE} (today's figures + ${Math.round((HEADROOM - 1) * 100)}%)`);
  process.exit(0);
}

const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8'));
const over = [];
for (const [name, f] of Object.entries(figures)) {
  for (const [kind, sizes] of Object.entries(f)) {
    for (const measure of ['raw', 'gzip']) {
      const budget = budgets[name]?.[kind]?.[measure];
      if (budget === undefined) {
        over.push(`${name} ${kind} ${measure}: no budget in budgets.json`);
      } else if (sizes[measure] > budget) {
        over.push(
          `${name} ${kind} ${measure}: ${formatBytes(sizes[measure])} > budget ${formatBytes(budget)}`,
        );
      }
    }
  }
}
// The login page: compressed as served, and no remote at all (issue 8 §8).
for (const [measure, key] of [
  ['br', 'brotli'],
  ['gzip', 'gzip'],
]) {
  const budget = budgets.loginPage?.[measure];
  if (budget === undefined) over.push(`loginPage ${measure}: no budget in budgets.json`);
  else if (loginPage.sizes[key] > budget) {
    over.push(`loginPage ${measure}: ${formatBytes(loginPage.sizes[key])} > budget ${formatBytes(budget)}`);
  }
}
if (loginPage.remotes.length > 0)
  over.push(`loginPage: fetched remote files ${loginPage.remotes.join(', ')}`);
if (over.length > 0) {
  console.error(`\nOver budget (${BUDGETS_FILE}):\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll within budget.');
