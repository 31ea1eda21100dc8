import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by playwright.config.ts in the runner and inherited by the workers. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** identity-api's admin CLI against the stack's own database, as an operator would run it. */
export function identityCli(...args: string[]): string {
  return execFileSync('node', [join(root, 'identity-api/dist/cli.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: `http://localhost:${E2E_PORT}`,
      NODE_ENV: 'development',
    },
  });
}

/** The first http(s) URL a CLI printed. */
export function urlIn(output: string): URL {
  const match = /https?:\/\/\S+/.exec(output);
  if (!match) throw new Error(`no URL in: ${output}`);
  return new URL(match[0]);
}
