import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys run against the production build started by the same launcher as `pnpm start`, on ports
// of their own and a fresh data folder, in Debian's Chromium (Playwright's browser download is not used).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
/** Every journey's attempts, read by scripts/retries.mjs. */
const RESULTS_FILE = 'test-results/results.json';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pop-e2e-'));
// The workers inherit the runner's environment: they find the stack's data (mail sink, CLI) here.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PORT = String(E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1003);
// The fake Authorize.Net serve.mjs starts for cart-api (its account is the journeys' own, not a secret):
// the workers read these to ask it about a transaction (tests/authorize-net.spec.ts).
const authorizeNet = {
  E2E_AUTHORIZE_NET_PORT: process.env.E2E_AUTHORIZE_NET_PORT ?? String(E2E_PORT + 1004),
  E2E_AUTHORIZE_NET_LOGIN_ID: 'pop-e2e-login',
  E2E_AUTHORIZE_NET_TRANSACTION_KEY: 'e2eTransactKey16',
};
Object.assign(process.env, authorizeNet);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // One retry in CI at most, and never silent: `.ci/run` ends by printing every journey that needed it
  // (scripts/retries.mjs reads the JSON report). A journey that needs it has a cause to fix.
  retries: process.env.CI ? 1 : 0,
  // The longest journey (strategic partners) takes about 30 s on a quiet 2-core machine and more than
  // 60 s with both cores busy beside it (.ci/run under `pnpm test:stress`): the bound is for a hang.
  timeout: 120_000,
  expect: {
    timeout: 10_000,
    // The visual suite (tests/visual.spec.ts): a screen drifts when more than 1% of its pixels change;
    // less is anti-aliasing between Chromium builds. Animations stop and the caret hides first.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: RESULTS_FILE }]]
    : [['list'], ['html', { open: 'never' }], ['json', { outputFile: RESULTS_FILE }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A trace records the page at every step, which cost a third of the journeys' time on the 2-core
    // machine: CI records one when a journey is retried; locally add `--trace retain-on-failure`.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    env: {
      PORT: String(E2E_PORT),
      IDENTITY_PORT: String(E2E_PORT + 1001),
      CART_API_PORT: String(E2E_PORT + 1002),
      DATA_DIR: dataDir,
      E2E_DATA_DIR: dataDir,
      E2E_SMTP_PORT: String(smtpPort),
      ...authorizeNet,
      NODE_ENV: 'development',
      // The journeys sign in many times a minute from one address; the limits have their own tests.
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      ACCOUNT_ROUTE_RATE_LIMIT: '1000',
      PAYMENT_RATE_LIMIT: '1000',
      PROMO_CODE_RATE_LIMIT: '1000',
      // The sign-in page's system messages are renewed within 1 s, not 30: the settings journey's
      // guest sees a new message without waiting out the production cache.
      LOGIN_MESSAGES_TTL_MS: '1000',
      // An eCheck settles (or comes back) 15 s after the purchase, asked about every 2 s: the ACH
      // journeys see Processing, then the outcome, without waiting the sandbox's 2 minutes.
      PAYMENT_SANDBOX_SETTLE_MS: '15000',
      PAYMENT_SETTLEMENT_CHECK_MS: '2000',
    },
  },
});
