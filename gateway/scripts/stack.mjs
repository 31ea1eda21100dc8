#!/usr/bin/env node
// The local stack behind `pnpm start`: builds what is missing or older than its sources, seeds demo data on the first run (never in
// production), publishes the remote bundles to the gateway's registry, then runs identity-api, cart-api
// and the gateway until interrupted. Migrations run as each API starts.
//
// Environment: PORT (gateway, 3000), IDENTITY_PORT (4001), CART_API_PORT (4002), DATA_DIR (<repo>/data),
// NODE_ENV (development), STACK_REBUILD=1 to rebuild everything first, STACK_BUILD_ONLY=1 to build and stop, PUBLIC_URL (where the browser
// reaches the gateway, http://localhost:$PORT: identity-api's e-mail links and the external sign-in's
// redirect URI follow it). SMTP_URL / OUTBOX_DIR go to identity-api and cart-api (e-mails), LOGIN_RATE_LIMIT /
// LOGIN_ACCOUNT_RATE_LIMIT, ACCOUNT_ROUTE_RATE_LIMIT to the gateway (e2e raises them). Other variables pass through to the
// services too (see each package's README).
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stepRunner, supervisor, waitForHealth } from './supervisor.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const port = Number(env.PORT ?? 3000);
const identityPort = Number(env.IDENTITY_PORT ?? 4001);
const cartApiPort = Number(env.CART_API_PORT ?? 4002);
const dataDir = resolve(env.DATA_DIR ?? join(root, 'data'));
const nodeEnv = env.NODE_ENV ?? 'development';
const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
const identityUrl = `http://127.0.0.1:${identityPort}`;
const cartApiUrl = `http://127.0.0.1:${cartApiPort}`;
const remotes = ['mf-ordering', 'mf-documents', 'mf-admin'];

/** What each package's build leaves behind; a package whose output is missing or stale is built. */
const buildOutputs = {
  'shared-domain': 'dist/index.js',
  'service-kit': 'dist/index.js',
  'identity-api': 'dist/server.js',
  'cart-api': 'dist/server.js',
  gateway: 'dist/server.js',
  shell: 'dist/index.html',
  'mf-ordering': 'dist/remoteEntry.js',
  'mf-documents': 'dist/remoteEntry.js',
  'mf-admin': 'dist/remoteEntry.js',
};
/** Workspace packages compiled into others from source: a change there makes those builds stale too. */
const sharedSources = { node: ['shared-domain', 'service-kit'], web: ['shared-domain', 'shared-ui'] };
const webApps = new Set(['shell', 'mf-ordering', 'mf-documents', 'mf-admin']);

const run = stepRunner({ cwd: root, env, label: 'stack' });

/** The newest modification time of the files below a folder (0 when it does not exist). */
function newestChange(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function needsBuild(pkg, output) {
  const built = join(root, pkg, output);
  if (env.STACK_REBUILD === '1' || !existsSync(built)) return true;
  const inputs = [pkg, ...sharedSources[webApps.has(pkg) ? 'web' : 'node'].filter((dep) => dep !== pkg)];
  const sources = inputs.map((dir) => join(root, dir, 'src'));
  // The web apps' build factory too: it decides what a build emits (pop-remote.json, pop-shell.json);
  // and shared-ui's version, which each build records and publish-remote compares with the shell's.
  if (webApps.has(pkg)) sources.push(join(root, 'shared-ui', 'build'));
  const files = webApps.has(pkg) ? [join(root, 'shared-ui', 'package.json')] : [];
  const newestInput = Math.max(...sources.map(newestChange), ...files.map((file) => statSync(file).mtimeMs));
  return newestInput > statSync(built).mtimeMs;
}

function buildMissing() {
  const missing = Object.entries(buildOutputs)
    .filter(([pkg, output]) => needsBuild(pkg, output))
    .map(([pkg]) => pkg);
  if (missing.length === 0) return;
  console.log(`stack: building ${missing.join(', ')}`);
  run('pnpm', [...missing.flatMap((pkg) => ['--filter', pkg]), '--workspace-concurrency=2', 'run', 'build']);
  // webpack leaves an output whose bytes did not change untouched (compareBeforeEmit): stamp each one
  // with the build's time, or a change outside the bundle (a test file) would rebuild it on every start.
  const now = new Date();
  for (const pkg of missing) utimesSync(join(root, pkg, buildOutputs[pkg]), now, now);
}

/** The named variables of `env` that are set (explicit pass-through, so the wiring reads here). */
function passThrough(...names) {
  return Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]]));
}

const serviceEnv = {
  identity: {
    PORT: String(identityPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: identityUrl,
    // Links in e-mails (first-time setup, sign-in links) point at the gateway, as does the code flow.
    APP_URL: publicUrl,
    GATEWAY_REDIRECT_URIS: `${publicUrl}/bff/callback`,
    ...passThrough('SMTP_URL', 'OUTBOX_DIR'),
  },
  // cart-api calls identity-api's service routes itself (IDENTITY_URL), with its own client
  // (CART_API_CLIENT_ID / CART_API_CLIENT_SECRET, which both APIs read: they pass through).
  cart: {
    PORT: String(cartApiPort),
    HOST: '127.0.0.1',
    IDENTITY_ISSUER: `${identityUrl}/oidc`,
    IDENTITY_URL: identityUrl,
    // Invitations are e-mailed with links to the gateway, like identity-api's e-mails.
    APP_URL: publicUrl,
    // PAYMENT_GATEWAY=authorize-net takes its account from AUTHORIZE_NET_* (cart-api README "Payments").
    ...passThrough(
      'SMTP_URL',
      'OUTBOX_DIR',
      'PAYMENT_GATEWAY',
      'PAYMENT_SANDBOX_DELAY_MS',
      'AUTHORIZE_NET_API_LOGIN_ID',
      'AUTHORIZE_NET_TRANSACTION_KEY',
      'AUTHORIZE_NET_ENDPOINT',
      'AUTHORIZE_NET_TIMEOUT_MS',
    ),
  },
  gateway: {
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    IDENTITY_ISSUER: `${identityUrl}/oidc`,
    IDENTITY_URL: identityUrl,
    CART_API_URL: cartApiUrl,
    ...passThrough(
      'LOGIN_RATE_LIMIT',
      'LOGIN_ACCOUNT_RATE_LIMIT',
      'ACCOUNT_ROUTE_RATE_LIMIT',
      'PAYMENT_RATE_LIMIT',
      'PROMO_CODE_RATE_LIMIT',
      'LOGIN_MESSAGES_TTL_MS',
    ),
    // The registry's database: one PostgreSQL database shared by every gateway of a cluster.
    ...(env.GATEWAY_DATABASE_URL ? { DATABASE_URL: env.GATEWAY_DATABASE_URL } : {}),
  },
};
const common = { DATA_DIR: dataDir, NODE_ENV: nodeEnv };

function seedDemoOnce() {
  const marker = join(dataDir, '.demo-seeded');
  if (nodeEnv === 'production' || existsSync(marker)) return;
  console.log('stack: seeding demo data');
  run('node', ['identity-api/dist/cli.js', 'seed-demo'], { ...common, ...serviceEnv.identity });
  run('node', ['cart-api/dist/cli.js', 'seed-demo'], { ...common, ...serviceEnv.cart });
  writeFileSync(marker, new Date().toISOString());
}

function publishRemotes() {
  for (const remote of remotes) {
    run('node', ['gateway/dist/cli.js', 'publish-remote', remote], { ...common, ...serviceEnv.gateway });
  }
}

const pidDir = join(dataDir, 'stack');

mkdirSync(pidDir, { recursive: true });
buildMissing();
// STACK_BUILD_ONLY=1: only the builds (e2e/scripts/serve.mjs needs cart-api's before the stack runs).
if (env.STACK_BUILD_ONLY === '1') process.exit(0);
seedDemoOnce();
publishRemotes();

const services = supervisor({ cwd: root, env, pidDir });
services.start('identity-api', 'node', ['identity-api/dist/server.js'], {
  ...common,
  ...serviceEnv.identity,
});
services.start('cart-api', 'node', ['cart-api/dist/server.js'], { ...common, ...serviceEnv.cart });
services.start('gateway', 'node', ['gateway/dist/server.js'], { ...common, ...serviceEnv.gateway });

if (await waitForHealth(`http://localhost:${port}/healthz`, 60_000)) {
  // Imported only now: on a fresh clone shared-domain's build does not exist before buildMissing().
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('shared-domain');
  const accounts = DEMO_ACCOUNTS.map(
    (a) =>
      `  ${a.username.padEnd(16)} ${DEMO_PASSWORD}  (${a.roles.join(', ')})` +
      (a.identityProvider ? ' signs in through the external identity page' : ''),
  );
  console.log(
    [
      '',
      `POP Documents is running at ${publicUrl}`,
      ...(nodeEnv === 'production' ? [] : ['Demo accounts:', ...accounts]),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
} else {
  console.error('stack: the gateway did not become healthy within 60 s');
  services.stop(1);
}
