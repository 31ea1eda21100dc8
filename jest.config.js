import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runOptions } from './jest.base.js';

// `pnpm test:unit`: the Jest suites of every package (those whose `test` is scripts/jest.mjs) in one
// Jest run, each package a project with its own jest.config.js. One pool of workers for all of them:
// no Jest start per package, and the last long file of one package no longer leaves a core idle while
// it ends, since the files of the others fill it (the suites used to run one package after the other).
const root = new URL('.', import.meta.url);

function jestPackages() {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((name) => {
      const manifest = new URL(`${name}/package.json`, root);
      if (!existsSync(manifest)) return false;
      const { scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
      return /scripts\/jest\.mjs/.test(scripts.test ?? '');
    })
    .sort();
}

// A package's configuration as a project: the options of the whole run are the root's (Jest warns
// about each one a project repeats).
async function project(name) {
  const { default: config } = await import(new URL(`${name}/jest.config.js`, root).href);
  const own = Object.fromEntries(Object.entries(config).filter(([key]) => !(key in runOptions)));
  return { ...own, rootDir: fileURLToPath(new URL(name, root)) };
}

export default {
  ...runOptions,
  projects: await Promise.all(jestPackages().map(project)),
};
